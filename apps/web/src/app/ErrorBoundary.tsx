import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button, Container } from '@mantine/core';
import { PageCommitted } from './layout/pageCommitted';

export const RENDER_FAILED = 'Something went wrong.';

export function RenderFailed() {
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={RENDER_FAILED} role="alert">
        <Button mt="sm" variant="light" color="red" onClick={() => window.location.reload()}>
          Pagina opnieuw laden
        </Button>
      </Alert>
      {/* The app is ready for clicks (the reload button) with the failure shown instead of the page. */}
      <PageCommitted />
    </Container>
  );
}

/** docs/RULES.md, 'Messages': a render failure shows 'Something went wrong.' instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: string }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  componentDidUpdate(prev: { resetKey?: string }) {
    // Navigating elsewhere gives the new page a fresh chance.
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }
  render() {
    return this.state.failed ? <RenderFailed /> : this.props.children;
  }
}
