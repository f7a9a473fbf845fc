// Test support for the CSV exports: an RFC 4180 reader written independently of
// the writer (csv-stringify), so a test reads back what a spreadsheet would.

/** The records of an RFC 4180 text (CRLF between records; quoted fields may hold commas, quotes and line breaks). */
export function readCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += c;
  }
  if (quoted) throw new Error("unterminated quoted field");
  if (field !== "" || record.length) throw new Error("the last record has no CRLF");
  return records;
}

/** Records as objects by header, the byte-order mark checked and dropped. */
export function csvObjects(body: string): Record<string, string>[] {
  if (!body.startsWith("\uFEFF")) throw new Error("no byte-order mark");
  const [header, ...rows] = readCsv(body.slice(1));
  return rows.map((r) => {
    if (r.length !== header.length) throw new Error(`a record of ${r.length} fields under ${header.length} headers`);
    return Object.fromEntries(header.map((h, i) => [h, r[i]]));
  });
}
