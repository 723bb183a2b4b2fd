import type { Attribute, Attributes } from '@mamoudzou/domain/attributes';
import { resourceRow, RESOURCES, uidOf } from '@mamoudzou/domain/resources';
import { choicesOf } from './choices';
import {
  boundedNumber,
  oneOf,
  optionalCoordinate,
  optionalEmail,
  optionalList,
  optionalOpeningHours,
  optionalText,
  requiredBlocks,
  requiredDate,
  requiredEmail,
  requiredText,
  type FieldSchema,
} from './schema';
import type { FieldConfig, FieldErrors, FieldRefinement, FieldType } from './types';

/**
 * A field of the screens from its attribute (domain/attributes/): the declaration says its type, whether it is
 * required, its bounds, its values and its default; the screens' type, input, cell and zod schema follow from
 * them, and a definition only refines what the declaration cannot say (docs/ajouter-une-ressource.md).
 */

type Refinement = FieldRefinement<string>;

/** The screens' type of an attribute. */
export function fieldTypeOf(attribute: Attribute): FieldType {
  switch (attribute.type) {
    case 'text':
    case 'richtext':
      return 'longtext';
    case 'blocks':
      return 'blocks';
    case 'email':
      return 'email';
    case 'password':
      return 'password';
    case 'integer':
    case 'biginteger':
    case 'decimal':
    case 'float':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'date':
    case 'datetime':
    case 'time':
      return attribute.type;
    case 'enumeration':
      return 'select';
    case 'media':
      return attribute.multiple ? 'images' : 'image';
    case 'relation':
      return 'relation';
    case 'json':
      return attribute.kind === 'openingHours' ? 'openingHours' : 'tags';
    default:
      return attribute.kind === 'phone' ? 'phone' : attribute.kind === 'url' ? 'url' : 'text';
  }
}

const messagesOf = (errors: FieldErrors | undefined) => (typeof errors === 'string' ? { required: errors, invalid: errors } : (errors ?? {}));

/** The zod schema an attribute's facts give a form (none: nothing to check there). */
export function schemaOfAttribute(attribute: Attribute, options: { required?: boolean; errors?: FieldErrors } = {}): FieldSchema | undefined {
  const required = options.required ?? attribute.required ?? false;
  const e = messagesOf(options.errors);
  switch (attribute.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'uid':
      return required ? requiredText(attribute.maxLength, { required: e.required, tooLong: e.tooLong }) : optionalText(attribute.maxLength, e.tooLong);
    case 'email':
      return required ? requiredEmail(e.invalid) : optionalEmail(e.invalid);
    case 'enumeration':
      return oneOf(attribute.enum, required, e.required);
    case 'integer':
    case 'biginteger':
    case 'decimal':
    case 'float':
      if (attribute.kind) return optionalCoordinate(attribute.kind, e.invalid);
      return boundedNumber({ min: attribute.min, max: attribute.max, integer: attribute.type !== 'decimal' && attribute.type !== 'float', required }, e.invalid);
    case 'date':
    case 'datetime':
      return required ? requiredDate(e.required) : undefined;
    case 'time':
      return required ? requiredText(undefined, { required: e.required }) : undefined;
    case 'blocks':
      return required ? requiredBlocks(e.required) : undefined;
    case 'json':
      if (attribute.kind === 'openingHours') return optionalOpeningHours();
      if (attribute.kind === 'stringList') return optionalList(attribute.items, attribute.length);
      return undefined;
    default:
      return undefined;
  }
}

/** The react-admin resource whose records a relation chooses among, and the attribute that names them. */
function referenceOf(attribute: Attribute): Pick<FieldConfig, 'reference' | 'optionText'> {
  if (attribute.type !== 'relation') return {};
  const row = RESOURCES.find((candidate) => uidOf(candidate) === attribute.target);
  return { reference: row?.path, optionText: row?.labelField };
}

/** The HTML bounds of a number's input (the phone's keypad and its arrows keep to them). */
function inputPropsOf(attribute: Attribute): Record<string, unknown> | undefined {
  if (attribute.type !== 'integer' && attribute.type !== 'decimal' && attribute.type !== 'float' && attribute.type !== 'biginteger') return undefined;
  if (attribute.kind || (attribute.min === undefined && attribute.max === undefined)) return undefined;
  return { ...(attribute.min !== undefined ? { min: attribute.min } : {}), ...(attribute.max !== undefined ? { max: attribute.max } : {}) };
}

/** One attribute as a field of the screens, refined by the definition. */
export function fieldOfAttribute(source: string, attribute: Attribute, refinement: Refinement, label: string, errors: FieldErrors | undefined): FieldConfig {
  const { required, choiceLabels, limitInput, ...own } = refinement;
  const values = attribute.type === 'enumeration' ? attribute.enum : undefined;
  const choices = own.choices ?? (values ? choicesOf(values, choiceLabels) : undefined);
  // A switch starts off: only a default that turns it on is given to the form.
  const derivedDefault = 'default' in attribute && !attribute.computed && (attribute.type !== 'boolean' || attribute.default === true) ? attribute.default : undefined;
  const props = limitInput && 'maxLength' in attribute && attribute.maxLength ? { maxLength: attribute.maxLength } : inputPropsOf(attribute);
  const field: FieldConfig = {
    source,
    label,
    type: fieldTypeOf(attribute),
    ...referenceOf(attribute),
    ...(choices ? { choices } : {}),
    ...(derivedDefault !== undefined ? { defaultValue: derivedDefault } : {}),
    ...(attribute.computed ? { readOnly: true } : {}),
    ...(props ? { inputProps: props } : {}),
    ...own,
  };
  if (!('schema' in own) && !field.readOnly) {
    const schema = schemaOfAttribute(attribute, { required, errors });
    if (schema) field.schema = schema;
  }
  return field;
}

/** Attributes the screens never show: private ones, and JSON the product reads as it is. */
const shown = (attribute: Attribute) => !attribute.private && !(attribute.type === 'json' && !attribute.kind);

/**
 * The fields of a resource's screens: those the definition lists, in its order (each an attribute it refines,
 * or a field of its own), else every attribute shown.
 */
export function fieldsOf(
  key: string,
  definition: { labels: Partial<Record<string, string>>; errors?: Partial<Record<string, FieldErrors>>; fields?: Record<string, Refinement> },
  labelField?: string,
): FieldConfig[] {
  const attributes: Attributes = resourceRow(key).attributes ?? {};
  const listed: Record<string, Refinement> =
    definition.fields ?? Object.fromEntries(Object.entries(attributes).filter(([, attribute]) => shown(attribute)).map(([name]) => [name, {}]));
  return Object.entries(listed).map(([source, refinement]) => {
    const label = refinement.label ?? definition.labels[source];
    if (label === undefined) throw new Error(`Champ sans libellé : ${key}.${source} (messages.ts, fields)`);
    const attribute = Object.hasOwn(attributes, source) ? attributes[source] : undefined;
    if (!attribute) {
      if (!refinement.type) throw new Error(`Champ inconnu de domain/attributes : ${key}.${source}`);
      return { ...refinement, source, label, type: refinement.type } as FieldConfig;
    }
    const withTitle = source === labelField && !refinement.cell ? { ...refinement, cell: 'title' as const } : refinement;
    return fieldOfAttribute(source, attribute, withTitle, label, definition.errors?.[source]);
  });
}
