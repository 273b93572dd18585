interface Props {
  /** The database as shown (its name, else "Database n"): said to screen readers and in the button's label. */
  name: string;
  /** What pausing does where the row lives, e.g. "left out of the search". */
  pausedMeans: string;
  paused: boolean;
  onPausedChange: (paused: boolean) => void;
  onRemove: () => void;
}

/** A database row's Pause checkbox and Remove button (the design editor's and the Recommend page's). */
export function DatabaseRowControls({ name, pausedMeans, paused, onPausedChange, onRemove }: Props) {
  return (
    <div className="check-row">
      <label className="checkbox">
        <input type="checkbox" checked={paused} onChange={(e) => onPausedChange(e.target.checked)} />
        Pause<span className="visually-hidden"> {name} ({pausedMeans})</span>
      </label>
      <button type="button" className="secondary small" onClick={onRemove} aria-label={`Remove ${name}`}>
        Remove
      </button>
    </div>
  );
}
