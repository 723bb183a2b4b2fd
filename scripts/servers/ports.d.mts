/** A free port on 127.0.0.1 (none handed out twice by this process), or one of PORT_RANGE=low-high. */
export function freePort(): Promise<number>;
/** Whether `port` on 127.0.0.1 can be listened on. */
export function portFree(port: number): Promise<boolean>;
