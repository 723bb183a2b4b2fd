/** The reports this phone filed or followed, newest first (localStorage): the page lists them with their links. */
export interface MyReport {
  reference: string;
  kind: 'filed' | 'followed';
  at: string;
}
const KEY = 'signaler.mes-signalements';

export function myReports(): MyReport[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((r) => r && typeof r.reference === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberReport(reference: string, kind: MyReport['kind']) {
  const list = [{ reference, kind, at: new Date().toISOString() }, ...myReports().filter((r) => r.reference !== reference)].slice(0, 20);
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    /* storage refused: nothing kept */
  }
}
