import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DATABASE_BOUNDS } from '../../lib/database-bounds';
import { DatabaseCloneLoadField, DatabaseClonesField, DatabaseNameField, DatabasePriorityField } from './database-fields';

const noop = () => {};

describe('DatabaseNameField', () => {
  it("is bounded as the API bounds a name and reports what is typed", () => {
    const onChange = vi.fn();
    render(<DatabaseNameField id="db-0-name" value="Orders" onChange={onChange} />);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('id', 'db-0-name');
    expect(input).toHaveAttribute('maxLength', String(DATABASE_BOUNDS.name.maxLength));
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input).not.toHaveAttribute('aria-describedby');
    fireEvent.change(input, { target: { value: 'Billing' } });
    expect(onChange).toHaveBeenLastCalledWith('Billing');
  });

  it('shows its errors under an id the input points to', () => {
    render(<DatabaseNameField id="db-0-name" value="" onChange={noop} errors={['A name is needed.', 'Another one.']} />);
    const input = screen.getByLabelText('Name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'db-0-name-error');
    expect(document.getElementById('db-0-name-error')).toHaveTextContent('A name is needed. Another one.');
  });
});

describe('the number fields of a database', () => {
  it('carry the bounds the API publishes, and the default an empty input stands for', () => {
    render(
      <>
        <DatabasePriorityField value="" onChange={noop} />
        <DatabaseClonesField value="" onChange={noop} />
        <DatabaseCloneLoadField value="" onChange={noop} />
      </>,
    );
    const priority = screen.getByLabelText('Priority (1 = most important)');
    expect(priority).toHaveAttribute('min', String(DATABASE_BOUNDS.priority.min));
    expect(priority).toHaveAttribute('max', String(DATABASE_BOUNDS.priority.max));
    expect(priority).toHaveAttribute('step', '1');
    expect(priority).toHaveAttribute('placeholder', String(DATABASE_BOUNDS.priority.default));
    const clones = screen.getByLabelText('Clones (test/dev)');
    expect(clones).toHaveAttribute('max', String(DATABASE_BOUNDS.clones.max));
    expect(clones).toHaveAttribute('step', '1');
    expect(clones).toHaveAttribute('placeholder', '0');
    const cloneLoad = screen.getByLabelText('Clone load (% each)');
    expect(cloneLoad).toHaveAttribute('max', String(DATABASE_BOUNDS.cloneLoadPct.max));
    expect(cloneLoad).toHaveAttribute('step', 'any');
    // No placeholder unless the page asks for one (the design editor shows none).
    expect(cloneLoad).not.toHaveAttribute('placeholder');
  });

  it('report what is typed and show their errors', () => {
    const onChange = vi.fn();
    render(<DatabaseCloneLoadField value="10" placeholder="0" onChange={onChange} errors={['At most 100']} />);
    const cloneLoad = screen.getByLabelText('Clone load (% each)');
    expect(cloneLoad).toHaveAttribute('placeholder', '0');
    expect(cloneLoad).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('At most 100')).toBeInTheDocument();
    fireEvent.change(cloneLoad, { target: { value: '25' } });
    expect(onChange).toHaveBeenLastCalledWith('25');
  });
});
