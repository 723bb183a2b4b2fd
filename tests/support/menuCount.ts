/** The sidebar's count of reports awaiting moderation: its own call, beside those a screen makes. */
export const isMenuCountCall = (call: { path: string; decodedUrl: string }) => call.path === '/api/reports' && call.decodedUrl.includes('[report_status][$eq]=a_valider');
