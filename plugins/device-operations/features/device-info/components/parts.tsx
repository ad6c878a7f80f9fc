import type { ReactNode } from 'react';

/** A card of the platform's style with a title. */
export function Card({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <div className="card" data-testid={testId}>
      <div className="card-header separator">
        <h4 className="card-title">{title}</h4>
      </div>
      <div className="card-block">{children}</div>
    </div>
  );
}

/**
 * One label/value line; empty values show an empty cell, never a made-up placeholder. A value
 * without spaces (a 200-character name) breaks anywhere instead of running out of its card.
 */
export function Field({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div className="form-group" style={{ marginBottom: 8 }}>
      <label className="control-label" style={{ display: 'block', marginBottom: 0 }}>
        {label}
      </label>
      <div data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </div>
    </div>
  );
}


