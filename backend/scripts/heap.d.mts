/** How far an instance's JavaScript heap may grow, in MB, and Node's flag for it. */
export const BACKEND_HEAP_MB: number;
export const BACKEND_HEAP_FLAG: string;
