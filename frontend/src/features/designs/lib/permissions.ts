/** What the caller may do with a design: the API says it in `permissions` (docs/api.md, "Roles and
 * permissions"), so the SPA shows an action only when the server would allow it. */
import type { Design } from '../api/types';

export type DesignPermission = Design['permissions'][number];

export const can = (design: Pick<Design, 'permissions'>, permission: DesignPermission): boolean =>
  design.permissions.includes(permission);

/** "viewer" or "manager": how the read-only note names the caller's role. */
export const roleLabel = (design: Pick<Design, 'my_role'>): string => design.my_role ?? 'reader';
