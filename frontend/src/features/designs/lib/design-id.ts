/** The design id of a route such as /designs/:id: a positive whole number, else null (not found). */
export function parseDesignId(param: string | undefined): number | null {
  if (!param || !/^\d+$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
