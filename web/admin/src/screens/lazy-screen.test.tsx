import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { lazyScreen } from './lazy-screen';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Stands for react-admin's layout, which shows errors that are not about loading a screen. */
class OuterBoundary extends Component<{ children: ReactNode }, { message: string | null }> {
  state = { message: null as string | null };
  static getDerivedStateFromError(error: Error) {
    return { message: error.message };
  }
  render() {
    return this.state.message === null ? this.props.children : <p>Página de erro: {this.state.message}</p>;
  }
}

describe('a screen loaded on demand', () => {
  it('says it is loading until its code arrives, then shows it with its props', async () => {
    let arrive: (component: (props: { who: string }) => ReactNode) => void = () => undefined;
    const Screen = lazyScreen(() => new Promise<(props: { who: string }) => ReactNode>((resolve) => (arrive = resolve)));
    render(<Screen who="Ana" />);

    expect(screen.getByRole('status').textContent).toBe('Carregando…');
    await act(async () => arrive(({ who }) => <h2>Denúncias de {who}</h2>));
    expect(await screen.findByRole('heading', { name: 'Denúncias de Ana' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers to reload the page when its code cannot be fetched', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const Screen = lazyScreen(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /admin/assets/report-list-old.js')));
    render(
      <OuterBoundary>
        <Screen />
      </OuterBoundary>,
    );

    expect(await screen.findByText('Não foi possível abrir esta tela.')).toBeTruthy();
    expect(screen.getByText(/Recarregue a página para tentar de novo/)).toBeTruthy();
    expect(screen.queryByText(/Página de erro/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Recarregar página' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("leaves an error of the screen's own rendering to the page's error boundary", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('campo inexistente');
    };
    const Screen = lazyScreen(() => Promise.resolve(Broken));
    render(
      <OuterBoundary>
        <Screen />
      </OuterBoundary>,
    );

    expect(await screen.findByText('Página de erro: campo inexistente')).toBeTruthy();
    expect(screen.queryByText('Não foi possível abrir esta tela.')).toBeNull();
  });
});
