import React, { Component, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { chunk, useChunk, type Chunk } from './chunk';

function Shown({ code }: { code: Chunk<(p: { name: string }) => ReactNode> }) {
  const Loaded = useChunk(code);
  return Loaded ? <Loaded name="grid" /> : <p>Loading…</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p role="alert">{this.state.error.message}</p> : this.props.children;
  }
}

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const Named = ({ name }: { name: string }) => <p>The {name}</p>;

describe('chunk', () => {
  it('imports at the first load only, once, and is readable at once after', async () => {
    const importer = jest.fn(() => Promise.resolve(Named));
    const code = chunk(importer);
    expect(importer).not.toHaveBeenCalled();
    expect(code.loaded).toBeUndefined();
    const [a, b] = [code.load(), code.load()];
    expect(a).toBe(b);
    await expect(a).resolves.toBe(Named);
    expect(code.loaded).toBe(Named);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load', async () => {
    const importer = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValueOnce(Named);
    const code = chunk(importer as () => Promise<typeof Named>);
    await expect(code.load()).rejects.toThrow('ChunkLoadError');
    expect(code.loaded).toBeUndefined();
    await expect(code.load()).resolves.toBe(Named);
    expect(importer).toHaveBeenCalledTimes(2);
  });
});

describe('useChunk', () => {
  it('shows the loading state, then the component in the render after it ran (no Suspense fallback time)', async () => {
    const d = deferred<typeof Named>();
    render(<Shown code={chunk(() => d.promise)} />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => d.resolve(Named));
    expect(screen.getByText('The grid')).toBeInTheDocument();
  });

  it('renders a chunk already loaded on the first render', async () => {
    const code = chunk(() => Promise.resolve(Named));
    await code.load();
    render(<Shown code={code} />);
    expect(screen.getByText('The grid')).toBeInTheDocument();
  });

  it('throws a chunk that failed to load to the error boundary', async () => {
    const d = deferred<typeof Named>();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <Shown code={chunk(() => d.promise)} />
      </Boundary>,
    );
    await act(async () => d.reject(new Error('Loading chunk 42 failed.')));
    expect(screen.getByRole('alert')).toHaveTextContent('Loading chunk 42 failed.');
    spy.mockRestore();
  });
});
