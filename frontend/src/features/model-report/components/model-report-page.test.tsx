import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { platformRegistry } from '../../../lib/platforms-fixture';
import { VALIDATION } from '../lib/validation-sample';
import { ModelReport } from './model-report-page';

const REGISTRY = platformRegistry();

describe('model accuracy page', () => {
  it('shows one section per family, labelled from the registry, with its summary and rows worst first', () => {
    render(<ModelReport report={VALIDATION} registry={REGISTRY} />);
    const xtremio = screen.getByTestId('model-family-xtremio');
    expect(within(xtremio).getByRole('heading', { name: 'EMC XtremIO' })).toBeInTheDocument();
    const stats = within(xtremio).getByTestId('family-stats');
    expect(stats).toHaveTextContent('Held-out rows3');
    expect(stats).toHaveTextContent('Median |error|6.4%');
    expect(stats).toHaveTextContent('Worst |error|18.2%');
    expect(stats).toHaveTextContent('Stated bounds held1 of 1');
    expect(stats).toHaveTextContent('Inside the published band66.7% (stated 90%)');
    expect(stats).toHaveTextContent('Inside the band from the other rows33.3% (stated 90%)');
    expect(stats).toHaveTextContent('Calibration rows1 (not counted)');
    const rows = within(xtremio).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-role'))).toEqual(['held-out', 'held-out', 'held-out', 'held-out', 'calibration']);
    expect(rows[0]).toHaveTextContent('75/25, 64 sessions: latency');
    expect(rows[3]).toHaveTextContent('≤ 1 ms');
    expect(rows[3]).toHaveTextContent('≤ bound held');
    // A calibration row is greyed and says it is not evidence.
    expect(rows[4]).toHaveClass('calibration');
    expect(rows[4]).toHaveTextContent('calibration fitted on, not evidence');
    expect(rows[0]).toHaveTextContent('outside ±10%');
    const netapp = screen.getByTestId('model-family-netapp');
    expect(netapp).toHaveTextContent('NetApp FAS');
    // a stated gain: graded on the gain (relative and in points), the error on 1 + change in its own column
    const gain = within(netapp).getAllByRole('row')[1]!;
    expect(gain).toHaveTextContent('PAM gain, 40 users');
    const cells = within(gain).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(3)).toEqual(['35%', '18.2%', '−48% −16.8 pp', '−12.4%', 'inside ±25%, on 1 + change', '']);
    expect(within(netapp).getAllByRole('columnheader').map((c) => c.textContent)).toContain('On 1 + change');
    // a known limit of the model is named on its row, and the family's worst without it beside the worst
    expect(within(gain).getByTestId('known-limit')).toHaveTextContent("Known limit: not reproduced: the model's PAM gain is flat in users");
    expect(within(netapp).getByTestId('family-stats')).toHaveTextContent('Worst without known limits8% (1 row of a known limit)');
    expect(within(xtremio).queryByTestId('known-limit')).toBeNull();
    // a calibration row carries its leave-one-test-out prediction (or why there is none) in its own column
    expect(within(netapp).getAllByRole('columnheader').map((c) => c.textContent)).toContain('Without its own test');
    const calibration = within(netapp).getAllByRole('row').at(-1)!;
    expect(within(calibration).getByTestId('cross-validated')).toHaveTextContent('model 76.5% (−10%)');
    expect(within(xtremio).getAllByTestId('cross-validated').at(-1)).toHaveTextContent('none: no prediction without this test');
  });

  it('filters by family', () => {
    render(<ModelReport report={VALIDATION} registry={REGISTRY} />);
    const filter = screen.getByLabelText('Family') as HTMLSelectElement;
    expect([...filter.options].map((o) => o.textContent)).toEqual(['All families', 'EMC XtremIO', 'NetApp FAS']);
    fireEvent.change(filter, { target: { value: 'netapp' } });
    expect(screen.queryByTestId('model-family-xtremio')).toBeNull();
    expect(screen.getByTestId('model-family-netapp')).toBeInTheDocument();
    fireEvent.change(filter, { target: { value: '' } });
    expect(screen.getByTestId('model-family-xtremio')).toBeInTheDocument();
  });

  it("names the families by the engine's display names while the registry loads, and says when there is nothing to show", () => {
    const { unmount } = render(<ModelReport report={VALIDATION} registry={undefined} />);
    expect(screen.getByRole('heading', { name: 'EMC XtremIO' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'xtremio' })).not.toBeInTheDocument();
    unmount();
    render(<ModelReport report={{ rows: [], summary: { ...VALIDATION.summary, families: {} } }} registry={REGISTRY} />);
    expect(screen.getByText('The catalog has no measurements the model predicts.')).toBeInTheDocument();
    expect(screen.getByTestId('model-summary')).toHaveTextContent('held-out rows');
  });
});
