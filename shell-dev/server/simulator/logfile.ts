/**
 * What a simulated agent uploads for a c8y_LogfileRequest: the device's own records in the
 * requested range rendered as log lines, so a requested log shows what really happened to the
 * device (its operations in the agent log, its events and alarms in the system log).
 */

/** The request as the platform's Logs tab sends it (reference/c8y-oas.json, c8y_LogfileRequest). */
export interface LogfileRequest {
  logFile?: unknown;
  dateFrom?: unknown;
  dateTo?: unknown;
  searchText?: unknown;
  maximumLines?: unknown;
}

/** One thing that happened to the device, at a time. */
export interface LogRecord {
  time: string;
  text: string;
}

/** The request checked: a readable reason when the agent cannot serve it. */
export function readLogfileRequest(
  req: LogfileRequest,
  supported: readonly string[],
): { logFile: string; from: number; to: number; searchText: string; maximumLines: number } | { error: string } {
  const logFile = typeof req.logFile === 'string' ? req.logFile : '';
  if (!supported.includes(logFile)) return { error: `Log type '${logFile}' is not supported by the device (supported: ${supported.join(', ')})` };
  const from = typeof req.dateFrom === 'string' ? Date.parse(req.dateFrom) : NaN;
  const to = typeof req.dateTo === 'string' ? Date.parse(req.dateTo) : NaN;
  if (Number.isNaN(from) || Number.isNaN(to)) return { error: 'The log request needs dateFrom and dateTo as ISO date-times' };
  if (from > to) return { error: 'The log request starts after it ends (dateFrom > dateTo)' };
  const max = typeof req.maximumLines === 'number' ? req.maximumLines : Number(req.maximumLines);
  if (!Number.isInteger(max) || max < 1) return { error: 'The log request needs maximumLines as a whole number of at least 1' };
  return { logFile, from, to, searchText: typeof req.searchText === 'string' ? req.searchText : '', maximumLines: max };
}

/**
 * The file's lines: records within [from, to] whose line contains the search text (case ignored),
 * oldest first, the newest `maximumLines` of them (the end of a log is what one asks it for).
 */
export function renderLog(records: readonly LogRecord[], deviceName: string, logFile: string, r: { from: number; to: number; searchText: string; maximumLines: number }): string {
  const needle = r.searchText.toLowerCase();
  const lines = records
    .map((rec) => ({ at: Date.parse(rec.time), line: `${rec.time} ${deviceName} ${logFile}: ${rec.text}` }))
    .filter((l) => l.at >= r.from && l.at <= r.to && (!needle || l.line.toLowerCase().includes(needle)))
    .sort((a, b) => a.at - b.at)
    .slice(-r.maximumLines)
    .map((l) => l.line);
  return lines.length ? `${lines.join('\n')}\n` : '';
}
