import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WorkloadKindSelect } from './workload-kind-select';

describe('WorkloadKindSelect', () => {
  it('offers OLTP and DSS under its label, showing the kind given', () => {
    render(<WorkloadKindSelect label="Workload kind" value="dss" onChange={() => {}} />);
    const select = screen.getByLabelText('Workload kind');
    expect(select).toHaveValue('dss');
    expect([...select.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['oltp', 'OLTP'],
      ['dss', 'DSS'],
    ]);
  });

  it('reports the kind chosen', () => {
    const onChange = vi.fn();
    render(<WorkloadKindSelect label="Kind" value="oltp" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Kind'), { target: { value: 'dss' } });
    expect(onChange).toHaveBeenLastCalledWith('dss');
  });
});
