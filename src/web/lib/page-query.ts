// The page of a server-paged list as the contract asks for it: limit, offset,
// sort ("key" ascending, "-key" descending) and search, as a query string. Plain
// functions, so an API module can build its URL without the table's components.

export interface SortState {
  key: string;
  desc: boolean;
}

/** The contract's sort parameter: "key" ascending, "-key" descending. */
export const sortParam = (s: SortState): string => (s.desc ? `-${s.key}` : s.key);
/** The other way round: "-pickupDate" → { key: "pickupDate", desc: true }. */
export const sortStateOf = (param: string): SortState => (param.startsWith("-") ? { key: param.slice(1), desc: true } : { key: param, desc: false });

export interface PageParams {
  limit: number;
  offset: number;
  /** absent: the list's own order */
  sort?: string;
  search?: string;
}

/** `?limit=…&offset=…&sort=…&search=…` */
export function pageQuery(p: PageParams): string {
  const q = new URLSearchParams({ limit: String(p.limit), offset: String(p.offset) });
  if (p.sort) q.set("sort", p.sort);
  if (p.search) q.set("search", p.search);
  return q.toString();
}
