import { useEffect, useState } from 'react';

type State = 'idle' | 'copied' | 'failed';

/**
 * Copies `text` to the clipboard (navigator.clipboard: the browser's own API, available on https and
 * localhost) and says "Copied" for a few seconds; where the browser refuses, it says so and the text
 * stays on screen to select by hand.
 */
export function CopyButton({ text, label = 'Copy', testId }: { text: string; label?: string; testId?: string }) {
  const [state, setState] = useState<State>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 3000);
    return () => window.clearTimeout(timer);
  }, [state]);
  const copy = () => {
    if (!navigator.clipboard) {
      setState('failed');
      return;
    }
    navigator.clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    );
  };
  return (
    <>
      <button type="button" className="secondary small" onClick={copy} data-testid={testId}>
        {label}
      </button>
      <span role="status" className="hint">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy refused by the browser: select the link' : ''}
      </span>
    </>
  );
}
