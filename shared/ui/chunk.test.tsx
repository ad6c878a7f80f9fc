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
    const code = chunk('the grid', importer);
    expect(importer).not.toHaveBeenCalled();
    expect(code.loaded).toBeUndefined();
    const [a, b] = [code.load(), code.load()];
    expect(a).toBe(b);
    await expect(a).resolves.toBe(Named);
    expect(code.loaded).toBe(Named);
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed load, and logs the failure with its cause', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const cause = new Error('ChunkLoadError');
    const importer = jest.fn().mockRejectedValueOnce(cause).mockResolvedValueOnce(Named);
    const code = chunk('the grid', importer as () => Promise<typeof Named>);
    await expect(code.load()).rejects.toThrow('ChunkLoadError');
    expect(warn).toHaveBeenCalledWith('The code of the grid could not be loaded (it is asked for again when shown):', cause);
    warn.mockRestore();
    expect(code.loaded).toBeUndefined();
    await expect(code.load()).resolves.toBe(Named);
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('warms ahead: settles on a failure (logged once by load) and loads the chunk otherwise', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const importer = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(Named);
    const code = chunk('the grid', importer as () => Promise<typeof Named>);
    await expect(code.warm()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(code.loaded).toBeUndefined();
    await code.warm();
    expect(code.loaded).toBe(Named);
    warn.mockRestore();
  });
});

describe('useChunk', () => {
  it('shows the loading state, then the component in the render after it ran (no Suspense fallback time)', async () => {
    const d = deferred<typeof Named>();
    render(<Shown code={chunk('the grid', () => d.promise)} />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => d.resolve(Named));
    expect(screen.getByText('The grid')).toBeInTheDocument();
  });

  it('renders a chunk already loaded on the first render', async () => {
    const code = chunk('the grid', () => Promise.resolve(Named));
    await code.load();
    render(<Shown code={code} />);
    expect(screen.getByText('The grid')).toBeInTheDocument();
  });

  it('throws a chunk that failed to load to the error boundary', async () => {
    const d = deferred<typeof Named>();
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <Boundary>
        <Shown code={chunk('the grid', () => d.promise)} />
      </Boundary>,
    );
    await act(async () => d.reject(new Error('Loading chunk 42 failed.')));
    expect(screen.getByRole('alert')).toHaveTextContent('Loading chunk 42 failed.');
    spy.mockRestore();
    warn.mockRestore();
  });
});
