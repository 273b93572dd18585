import { useEffect } from 'react';

/**
 * While `dirty`, closing the tab, reloading or leaving the app asks the browser's "Leave site?"
 * question. In-app links are the router's to hold: the design editor's UnsavedChangesPrompt
 * (useBlocker, in the app's data router) asks in a dialog of its own.
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
