import React from 'react';
import { usePlatformContext } from './context';

/**
 * What a contribution renders until its screen is built: says so plainly, shows no fake data.
 */
export default function NotBuiltYet() {
  const ctx = usePlatformContext();
  return (
    <div className="card" data-testid="not-built-yet">
      <div className="card-block">
        <p className="text-muted">This screen is not built yet ({ctx.path}).</p>
      </div>
    </div>
  );
}
