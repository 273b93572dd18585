import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Without vitest globals, Testing Library cannot register its own cleanup: unmount after every test
// so one test's render never satisfies (or confuses) the next test's queries.
afterEach(cleanup);
