import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { designLoadOf, loadResponseBandsOf } from '../lib/load-response-chart';
import { unreachableDesignLoadText } from '../lib/design-load';
import { withMeasured } from '../lib/measured';
import { equallogicPs6010xv, quarterRack } from '../lib/fixture';
import { BalanceChart } from './balance-chart';
import { LoadResponseChart } from './load-response-chart';

// jsdom has no 2D canvas for Chart.js to draw on: here a chart is only its canvas (with its accessible
// name), so the test reads the captions around it.
vi.mock('react-chartjs-2', () => ({
  Chart: () => <canvas />,
  Scatter: (props: { 'aria-label'?: string }) => <canvas aria-label={props['aria-label']} role="img" />,
}));

function renderWithQueries(children: ReactNode) {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('[]', { status: 200 }))));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{children}</QueryClientProvider>);
}

describe("the charts' captions", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("say what limits the design in the engine's words and the balance in words, never a slug", () => {
    const evaluation = equallogicPs6010xv().evaluation;
    renderWithQueries(<BalanceChart evaluation={evaluation} balance={evaluation.balance} title="Dell" />);
    expect(screen.getByTestId('balance-classification')).toHaveTextContent(/^Storage-bound$/);
    expect(screen.getByTestId('balance-limits')).toHaveTextContent(evaluation.summary.limits.statement);
    const caption = screen.getByTestId('balance-chart').textContent ?? '';
    expect(caption).not.toMatch(/storage_path|storage-bound/);
    expect(screen.getByRole('img')).toHaveAccessibleName(/Classification: Storage-bound\./);
  });

  it('the load-response chart names the limit, and says a design load beyond the maximum instead of drawing it', () => {
    const payload = quarterRack();
    const evaluation = payload.evaluation;
    evaluation.summary = {
      ...evaluation.summary,
      design_tps: { value: 30000, unit: 'TPS' },
      response_at_design: { value: 812.4, unit: 'ms' },
      design_load_reachable: false,
      design_load_beyond_max_pct: { value: 16.28, unit: '%' },
    };
    renderWithQueries(
      <LoadResponseChart
        projection={evaluation.projection}
        racNodes={2}
        designLoad={designLoadOf(evaluation)}
        bands={loadResponseBandsOf(evaluation)}
        title="Quarter rack"
        limits={evaluation.summary.limits.statement}
        unreachable={unreachableDesignLoadText(evaluation.summary)}
      />,
    );
    expect(screen.getByTestId('load-response-limits')).toHaveTextContent('Server CPU is the bottleneck');
    expect(screen.getByTestId('load-response-unreachable')).toHaveTextContent(
      "The design load: 30,000 TPS is 16% beyond this configuration's maximum (25,800 TPS); no number of users reaches it, so no design point is drawn.",
    );
    const caption = screen.getByTestId('load-response-caption');
    expect(caption).not.toHaveTextContent('Triangle');
    expect(caption).not.toHaveTextContent('812');
    expect(screen.getByRole('img')).toHaveAccessibleName(/the design load, 30,000 TPS is 16% beyond .*, is not drawn\./);
  });

  it('the load-response chart says so when the evidence has no run of the design’s configuration', () => {
    const evaluation = equallogicPs6010xv().evaluation;
    const chart = (projection: typeof evaluation.projection) => (
      <LoadResponseChart projection={projection} racNodes={2} designLoad={designLoadOf(evaluation)} title="PS6010S" />
    );
    // matched with the evidence, none of its configuration
    const { unmount } = renderWithQueries(chart(withMeasured(evaluation.projection, new Map())));
    expect(screen.getByTestId('load-response-no-measured')).toHaveTextContent('No measured point for this configuration');
    unmount();
    // with its own run drawn, or not matched yet (the curves still loading), it says nothing of the kind
    const drawn = renderWithQueries(chart(withMeasured(evaluation.projection, new Map([[2, [{ tps: 348.61, response_ms: 671, source: 'Table 5, test 2' }]]]))));
    expect(screen.queryByTestId('load-response-no-measured')).toBeNull();
    drawn.unmount();
    renderWithQueries(chart(evaluation.projection));
    expect(screen.queryByTestId('load-response-no-measured')).toBeNull();
  });
});
