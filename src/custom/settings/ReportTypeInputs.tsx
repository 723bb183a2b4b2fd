import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SelectInput, useSourceContext, type SelectInputProps } from 'react-admin';
import { messages as t } from './messages';
import { renameTypeIn, typeRenames, type TypeReferences } from './settingsForm';

type CategoryRow = { name?: string } | null | undefined;

/** The report types as the form lists them now (a type typed above is offered at once), once each. */
export function useListedTypes(): string[] {
  const categories = useWatch({ name: 'signalementCategories' }) as CategoryRow[] | undefined;
  return [...new Set((categories ?? []).map((c) => c?.name?.trim()).filter((name): name is string => !!name))];
}

/**
 * A report type to choose among those listed. A value the list no longer has stays shown, said to be
 * « retiré de la liste » (reports of that type may remain), instead of an empty select.
 */
export function ReportTypeSelectInput(props: Omit<SelectInputProps, 'choices'> & { source: string }) {
  const listed = useListedTypes();
  const value = useWatch({ name: useSourceContext().getSource(props.source) }) as unknown;
  const choices = listed.map((name) => ({ id: name, name }));
  if (typeof value === 'string' && value && !listed.includes(value)) choices.push({ id: value, name: t.fields.unlistedType(value) });
  return <SelectInput {...props} choices={choices} />;
}

/**
 * A report type renamed in the list is renamed where the settings name it (response templates, delays per type,
 * type → service table), as it is typed: otherwise they would keep a name no report type has any more.
 */
export function TypeRenamesFollower() {
  const categories = useWatch({ name: 'signalementCategories' }) as CategoryRow[] | undefined;
  const { getValues, setValue } = useFormContext();
  const known = useRef<(string | null)[] | null>(null);
  useEffect(() => {
    const names = (categories ?? []).map((c) => (typeof c?.name === 'string' ? c.name : ''));
    if (!known.current) {
      known.current = names.map((name) => name.trim() || null);
      return;
    }
    const step = typeRenames(known.current, names);
    known.current = step.known;
    for (const [from, to] of step.renames) {
      const changed = renameTypeIn(getValues() as Partial<TypeReferences>, from, to);
      for (const [name, value] of Object.entries(changed)) setValue(name, value, { shouldDirty: true });
    }
  }, [categories, getValues, setValue]);
  return null;
}
