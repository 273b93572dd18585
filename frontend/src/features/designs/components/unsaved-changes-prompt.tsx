import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { useBlocker } from 'react-router-dom';

/**
 * While `when` (the editor has unsaved edits), following a link inside DB Sizer to another page (a nav
 * link, the browser's back button within the app) is held and this dialog asks first: "Stay" keeps the
 * edits and the page, "Leave without saving" goes on and discards them. Closing the tab or leaving the
 * site is the browser's own "Leave site?" question (useUnsavedChangesWarning). Needs a data router
 * (app/router.tsx: createBrowserRouter), which React Router's useBlocker requires.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  // Same page, other search or hash (none today): not a departure.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  if (blocker.state !== 'blocked') return null;
  return <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />;
}

/** An in-page modal alert dialog: focus starts on "Stay" (the safe answer), Escape stays, Tab cycles
 * between the two buttons, and focus goes back where it was when the user stays. */
function LeaveDialog({ onStay, onLeave }: { onStay: () => void; onLeave: () => void }) {
  const titleId = useId();
  const textId = useId();
  const stay = useRef<HTMLButtonElement>(null);
  const leave = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stay.current?.focus();
    return () => {
      // Back to the field or link the user was on (when it is still on the page).
      if (before?.isConnected) before.focus();
    };
  }, []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onStay();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      (document.activeElement === stay.current ? leave : stay).current?.focus();
    }
  };
  return (
    <div className="modal-backdrop">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="card modal"
        data-testid="unsaved-changes-dialog"
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId}>Leave without saving?</h2>
        <p id={textId}>This design has edits that are not saved. If you leave this page now, they are lost.</p>
        <div className="modal-actions">
          <button type="button" ref={stay} onClick={onStay}>
            Stay
          </button>
          <button type="button" ref={leave} className="secondary" onClick={onLeave}>
            Leave without saving
          </button>
        </div>
      </div>
    </div>
  );
}
