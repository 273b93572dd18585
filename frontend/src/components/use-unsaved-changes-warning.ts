import { useEffect } from 'react';

/**
 * While `dirty`, closing the tab, reloading or leaving the app asks the browser's "Leave site?"
 * question. In-app links are not covered: the app uses <BrowserRouter>, not a data router, so React
 * Router's useBlocker is not available.
 */
export function useUnsavedChangesWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}
