/**
 * Text messages go through a gateway the town contracts with (an operator's HTTP API); the product
 * ships none. Until one is written here and named by SMS_PROVIDER, « Notifications par SMS » stays
 * off: the settings refuse it and the screen says why, rather than a switch that sends nothing.
 */
export interface SmsProvider {
  /** The name SMS_PROVIDER gives. */
  name: string;
  /** Sends `text` to `to` (an international number, +262…); rejects when the gateway refuses. */
  send(to: string, text: string): Promise<void>;
}

/** The gateways the backend knows, by name. */
const SMS_PROVIDERS: Record<string, () => SmsProvider> = {};

/** The gateway SMS_PROVIDER names, none when unset; an unknown name stops the start with a readable line. */
export function smsProvider(): SmsProvider | undefined {
  const name = process.env.SMS_PROVIDER?.trim();
  if (!name) return undefined;
  const make = Object.hasOwn(SMS_PROVIDERS, name) ? SMS_PROVIDERS[name] : undefined;
  if (!make) {
    const known = Object.keys(SMS_PROVIDERS);
    throw new Error(`SMS_PROVIDER=${name} : fournisseur SMS inconnu (${known.length ? `connus : ${known.join(', ')}` : 'aucun fournisseur n’est livré'}).`);
  }
  return make();
}

/** Why the SMS switch cannot be turned on, in French; none when a gateway is configured. */
export const SMS_UNAVAILABLE = "Aucun fournisseur SMS n'est configuré sur le serveur : les notifications par SMS ne peuvent pas être activées.";
