import type { Resolver } from 'react-hook-form';
import { DEFAULT_SETTINGS, type SettingName, type Settings } from '@mamoudzou/domain/settings';
import { unknownRolesMessage } from '@mamoudzou/domain/settings-schema';

/** The settings as the form holds them: every setting, plus the id react-admin's record needs. */
export type SettingsFormValues = Settings & { id: string };

const SETTING_NAMES = Object.keys(DEFAULT_SETTINGS) as SettingName[];
const TEXT_SETTINGS = SETTING_NAMES.filter((name) => typeof DEFAULT_SETTINGS[name] === 'string');

/**
 * The form's values as the backend takes them: only the settings, empty inputs as empty texts,
 * the priority levels ordered as listed (order 1, 2, ...) with an identifier for new ones.
 */
export function settingsPayload(values: Partial<SettingsFormValues>): Partial<Settings> {
  const data: Record<string, unknown> = {};
  for (const name of SETTING_NAMES) if (name in values) data[name] = values[name];
  for (const name of TEXT_SETTINGS) if (data[name] === null || data[name] === undefined) data[name] = '';
  if (Array.isArray(data.signalementCategories)) {
    data.signalementCategories = (data.signalementCategories as ({ name?: unknown; subTypes?: unknown; icon?: unknown } | null)[]).map((c) => ({
      name: typeof c?.name === 'string' ? c.name : '',
      subTypes: Array.isArray(c?.subTypes) ? c.subTypes.filter((t): t is string => typeof t === 'string') : [],
      // Its picture on the citizens' page, when one is chosen (none: its default).
      ...(typeof c?.icon === 'string' && c.icon ? { icon: c.icon } : {}),
    }));
  }
  return data as Partial<Settings>;
}

/** The roles list as the settings ask for it (one cached call for the form's check and its checkboxes). */
export const ROLES_QUERY = { pagination: { page: 1, perPage: 100 }, sort: { field: 'id', order: 'ASC' as const } };

/**
 * The form's check plus what only the roles list can tell: an escalation role that no longer exists is
 * refused here with the backend's words (the schema alone cannot know the roles).
 */
export function withKnownRoles(base: Resolver<SettingsFormValues>, known: readonly string[] | undefined): Resolver<SettingsFormValues> {
  return async (values, context, options) => {
    const result = await base(values, context, options);
    const names = Array.isArray(values.slaEscalationRoles) ? values.slaEscalationRoles : [];
    const unknown = known ? names.filter((name) => !known.includes(name)) : [];
    if (unknown.length === 0) return result;
    return { values: {}, errors: { ...result.errors, slaEscalationRoles: { type: 'custom', message: unknownRolesMessage(unknown) } } };
  };
}

/**
 * A row added to (or removed from) a list validates the whole list (react-hook-form's field arrays, in
 * « onChange » mode): its empty fields would say « Type requis » before anyone touched them. That check
 * keeps the list's own error and drops its rows' until a save was tried; each field of a row is checked
 * when it changes, and everything at « Sauvegarder ».
 */
export function withoutUntouchedRowErrors(base: Resolver<SettingsFormValues>, submitted: () => boolean): Resolver<SettingsFormValues> {
  return async (values, context, options) => {
    const result = await base(values, context, options);
    // A row added or removed asks for the list alone; a save asks for every field.
    const names = options.names ?? [];
    const list = names.length === 1 && Array.isArray((values as Record<string, unknown>)[names[0]]) ? names[0] : undefined;
    if (submitted() || !list || !result.errors) return result;
    const lists = [list];
    const errors = { ...result.errors } as Record<string, unknown>;
    for (const name of lists) {
      const error = errors[name];
      if (Array.isArray(error)) delete errors[name];
      else if (error && typeof error === 'object') errors[name] = Object.fromEntries(Object.entries(error).filter(([key]) => !/^\d+$/.test(key)));
    }
    return (Object.keys(errors).length ? { values: {}, errors } : { values: result.values ?? values, errors: {} }) as Awaited<ReturnType<Resolver<SettingsFormValues>>>;
  };
}

/** The settings that name report types: they follow a type's renaming. */
export type TypeReferences = Pick<Settings, 'responseTemplates' | 'slaTypeOverrides' | 'reportTypeServices'>;

/**
 * The report types renamed between two states of the categories' names, as a person types: `known` is each row's
 * last name (null for a row not yet named), `names` the rows as they read now. A row emptied keeps its old name until
 * it is named again (clear, then type); a name another row has is not taken until it differs (typing « Voirie2 »
 * passes through « Voirie »); rows added, removed or moved rename nothing.
 */
export function typeRenames(known: readonly (string | null)[], names: readonly string[]): { known: (string | null)[]; renames: [from: string, to: string][] } {
  const current = names.map((name) => name.trim());
  if (current.length !== known.length) return { known: current.map((name) => name || null), renames: [] };
  const present = new Set(current.filter(Boolean));
  const renames: [string, string][] = [];
  const next = current.map((name, index) => {
    const old = known[index];
    if (!name) return old;
    if (!old || name === old || present.has(old)) return name;
    const takenElsewhere = current.some((other, i) => i !== index && other === name);
    if (takenElsewhere) return old;
    renames.push([old, name]);
    return name;
  });
  return { known: next, renames };
}

/** The settings naming `from` as they read once that type is called `to` (undefined for those that do not name it). */
export function renameTypeIn(values: Partial<TypeReferences>, from: string, to: string): Partial<TypeReferences> {
  const changed: Partial<TypeReferences> = {};
  // The rows (response templates, delays per type) naming `from`, renamed; undefined when none does.
  const retyped = <T extends { type?: string | null }>(rows: readonly T[] = []): T[] | undefined =>
    rows.some((row) => row?.type === from) ? rows.map((row) => (row?.type === from ? { ...row, type: to } : row)) : undefined;
  const templates = retyped(values.responseTemplates);
  if (templates) changed.responseTemplates = templates;
  const overrides = retyped(values.slaTypeOverrides);
  if (overrides) changed.slaTypeOverrides = overrides;
  const services = values.reportTypeServices ?? {};
  // The input of the new name may already hold an empty choice: a chosen service is never overwritten.
  if (services[from] && !services[to]) {
    const entries = Object.entries(services).filter(([type]) => type !== to);
    changed.reportTypeServices = Object.fromEntries(entries.map(([type, service]) => [type === from ? to : type, service]));
  }
  return changed;
}
