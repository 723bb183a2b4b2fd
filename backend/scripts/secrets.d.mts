type Makers = Record<string, () => string>;
/** Every secret Strapi needs, with how to make it. */
export const SECRET_MAKERS: Makers;
/** The KEY=value lines of an env file (none when it does not exist). */
export function readEnvFile(file: string): Record<string, string>;
/** Adds to `file` what `makers` would make and neither the file nor `given` holds; returns the file's values and the names written. */
export function ensureEnvFile(file: string, options: { header: string; makers?: Makers; given?: Record<string, string | undefined> }): { values: Record<string, string>; written: string[] };
