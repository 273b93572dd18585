/** The platform registry exactly as GET /api/v1/platforms/ serves it, for tests. Written by
 * `npm run gen:fixture` (backend: manage.py write_spa_fixture); a backend test fails when it drifts
 * from what the endpoint serves now. */
import raw from './platforms.fixture.json';
import type { PlatformRegistry } from './platforms';

export const platformRegistry = (): PlatformRegistry => structuredClone(raw) as PlatformRegistry;
