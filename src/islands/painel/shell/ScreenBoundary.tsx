// A screen whose code did not arrive (offline on 4G, a deploy replaced the chunk) shows the console's
// connection message with "Tentar de novo" instead of taking the whole console down to a blank page.
// Other errors while drawing a screen get their own words and the same retry (the screen mounts again).
import { Component, type ReactNode } from 'react';
import { networkError } from '../api';
import { RetryAlert } from '../ui';
import { ChunkLoadError } from './lazyScreen';

export const screenError = 'Não foi possível mostrar esta tela. Tente de novo.';

/** `onRetry(reload)`: reload = the code never arrived, so it is fetched again (else the screen just mounts again). */
type Props = { onRetry: (reload: boolean) => void; children: ReactNode };
type State = { error: unknown };

export class ScreenBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  retry = () => {
    this.props.onRetry(this.state.error instanceof ChunkLoadError);
    this.setState({ error: null });
  };

  render() {
    if (this.state.error === null) return this.props.children;
    return <RetryAlert error={this.state.error instanceof ChunkLoadError ? networkError : screenError} onRetry={this.retry} className="my-4" />;
  }
}
