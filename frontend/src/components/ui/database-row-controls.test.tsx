import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DatabaseRowControls } from './database-row-controls';

describe('DatabaseRowControls', () => {
  it("names the database and what pausing does in the checkbox's and the button's labels", () => {
    render(<DatabaseRowControls name="Orders" pausedMeans="left out of the search" paused={false} onPausedChange={() => {}} onRemove={() => {}} />);
    // jsdom's accessible name drops the space before the hidden words; a browser's keeps it.
    const pause = screen.getByRole('checkbox', { name: /^Pause\s*Orders \(left out of the search\)$/ });
    expect(pause).not.toBeChecked();
    expect(pause.closest('label')).toHaveTextContent(/^Pause Orders \(left out of the search\)$/);
    expect(screen.getByText(/Orders \(left out of the search\)/)).toHaveClass('visually-hidden');
    expect(screen.getByRole('button', { name: 'Remove Orders' })).toHaveTextContent(/^Remove$/);
  });

  it('reports a pause, an unpause and a removal', () => {
    const onPausedChange = vi.fn();
    const onRemove = vi.fn();
    const { rerender } = render(
      <DatabaseRowControls name="Orders" pausedMeans="left out of the evaluation" paused={false} onPausedChange={onPausedChange} onRemove={onRemove} />,
    );
    fireEvent.click(screen.getByRole('checkbox'));
    expect(onPausedChange).toHaveBeenLastCalledWith(true);
    rerender(<DatabaseRowControls name="Orders" pausedMeans="left out of the evaluation" paused onPausedChange={onPausedChange} onRemove={onRemove} />);
    expect(screen.getByRole('checkbox')).toBeChecked();
    fireEvent.click(screen.getByRole('checkbox'));
    expect(onPausedChange).toHaveBeenLastCalledWith(false);
    expect(onRemove).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Remove Orders' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });
});
