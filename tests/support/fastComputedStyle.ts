import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * `getComputedStyle` with jsdom's own answers, at a fraction of its cost for the properties tests ask about.
 *
 * Why: every role query asks each candidate element and its ancestors for `display` and `visibility`, every
 * user-event click asks the target and its ancestors for `pointer-events`, and MUI's auto-growing text areas ask
 * for paddings and borders at each render. jsdom answers each call by matching every CSS rule of the document
 * (MUI's emotion writes thousands) and copying every declaration of the matching ones, border shorthands parsed
 * again, then for any property also does the same for every ancestor (to resolve `color-scheme`, which only colours
 * need), and forgets it all at the next DOM change. That was a quarter to a third of the component tests' time.
 *
 * - `display`, `visibility`, `pointer-events`, `opacity` (no shorthand sets them): jsdom's cascade run over the
 *   rules that declare the property only, with jsdom's selector matching, specificity, media evaluation, inline
 *   style and inheritance.
 * - Other longhands that do not inherit and are not colours (jsdom computes them as specified): read from the
 *   element's cascaded declaration, built as jsdom builds it, without the walk through the ancestors.
 * - Anything else, and every other use of the declaration: jsdom's full computation.
 *
 * Answers are kept exactly as long as jsdom keeps its own (until the next DOM or style sheet change). With
 * TEST_STYLE_CHECK=1 each fast answer is compared with jsdom's and a difference throws.
 */

const jsdomRequire = createRequire(createRequire(import.meta.url).resolve('jsdom/package.json'));
const living = (file: string) => jsdomRequire(`./lib/jsdom/living/${file}`);
const idlUtils = jsdomRequire('./lib/generated/idl/utils.js');
const CSSImportRule = jsdomRequire('./lib/generated/idl/CSSImportRule.js');
const CSSMediaRule = jsdomRequire('./lib/generated/idl/CSSMediaRule.js');
const CSSStyleRule = jsdomRequire('./lib/generated/idl/CSSStyleRule.js');
const propertyDefinitions: Map<string, unknown> = jsdomRequire('./lib/generated/css-property-definitions');
const propertyMetadata: Map<string, { functionTypes?: Record<string, string> }> = jsdomRequire('./lib/generated/css-property-metadata');
const { evaluateMediaList } = living('css/MediaList-impl.js');
const { parseStyleSheet } = living('css/helpers/css-parser.js');
const { getPropertyDefinition, isGlobalKeyword } = living('css/helpers/css-values.js');
const CSSStyleProperties = jsdomRequire('./lib/generated/idl/CSSStyleProperties.js');
const Specificity = jsdomRequire('@bramus/specificity').default;
const defaultStyleSheetText = readFileSync(path.join(path.dirname(jsdomRequire.resolve('./lib/api.js')), 'jsdom/browser/default-stylesheet.css'), 'utf8');

type Impl = any;
type Definition = { inherited: boolean; initial: string };
const definitionOf = (property: string): Definition => {
  const { inherited, initial = '' } = getPropertyDefinition(property);
  return { inherited: inherited === 'yes', initial };
};

/** Answered by a cascade over the rules that declare them (no shorthand sets them). */
const CASCADED = new Map(['display', 'visibility', 'pointer-events', 'opacity'].map((property) => [property, definitionOf(property)]));

/** Non-inherited longhands that are not colours: jsdom's computed value is the specified one (or the initial). */
const AS_SPECIFIED = new Map<string, Definition>();
for (const property of propertyDefinitions.keys()) {
  if (CASCADED.has(property) || property === 'color') continue;
  const { inherited, longhands } = getPropertyDefinition(property);
  const { functionTypes = {} } = propertyMetadata.get(property) ?? {};
  if (inherited !== 'yes' && !longhands && !functionTypes.color && !functionTypes.paint) AS_SPECIFIED.set(property, definitionOf(property));
}

/** The declaration's camelCase names of the properties answered here (`pointerEvents`, `paddingTop`). */
const BY_ATTRIBUTE = new Map<string, string>();
for (const property of [...CASCADED.keys(), ...AS_SPECIFIED.keys()]) {
  BY_ATTRIBUTE.set(property, property);
  if (!property.startsWith('-')) BY_ATTRIBUTE.set(property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()), property);
}

type Candidate = { rule: Impl; value: string; important: boolean };
/** What is known for the document's current generation (jsdom replaces `_styleCache` at each change). */
type Generation = { marker: object; candidates: Map<string, Candidate[]>; declarations: WeakMap<Impl, Impl>; values: WeakMap<Impl, Map<string, string>> };
const generations = new WeakMap<Impl, Generation>();
let defaultSheet: Impl;

function generationOf(documentImpl: Impl): Generation {
  const known = generations.get(documentImpl);
  if (known && known.marker === documentImpl._styleCache) return known;
  const fresh: Generation = { marker: documentImpl._styleCache, candidates: new Map(), declarations: new WeakMap(), values: new WeakMap() };
  generations.set(documentImpl, fresh);
  return fresh;
}

/** The style rules that declare `property`, in cascade order (jsdom's default sheet, then the document's sheets). */
function candidatesFor(property: string, elementImpl: Impl, generation: Generation): Candidate[] {
  const known = generation.candidates.get(property);
  if (known) return known;
  const found: Candidate[] = [];
  forEachRule(elementImpl, (rule) => {
    if (!CSSStyleRule.isImpl(rule)) return;
    const value = rule.style.getPropertyValue(property);
    if (value !== '') found.push({ rule, value, important: rule.style.getPropertyPriority(property) !== '' });
  });
  generation.candidates.set(property, found);
  return found;
}

/** Every rule jsdom's cascade visits, in its order: its default sheet, then the document's, media lists evaluated. */
function forEachRule(elementImpl: Impl, visit: (rule: Impl) => void) {
  defaultSheet ??= parseStyleSheet(defaultStyleSheetText, elementImpl._globalObject);
  for (const sheet of [defaultSheet, ...elementImpl._ownerDocument.styleSheets._list]) {
    for (const rule of sheet.cssRules._list) {
      if (CSSImportRule.isImpl(rule)) {
        if (rule.styleSheet !== null && evaluateMediaList(rule.media._list)) rule.styleSheet.cssRules._list.forEach(visit);
      } else if (CSSMediaRule.isImpl(rule)) {
        if (evaluateMediaList(rule.media._list)) rule.cssRules._list.forEach(visit);
      } else visit(rule);
    }
  }
}

/** jsdom's quick test before matching a selector (the rule's subjects' id, class and tag). */
function mightMatch(rule: Impl, elementImpl: Impl): boolean {
  if (!rule._selectorSubjects) {
    rule._selectorSubjects = elementImpl._ownerDocument._getDOMSelector().extractSubjects(rule.selectorText, elementImpl._ownerDocument.contentType !== 'text/html');
  }
  const subjects = rule._selectorSubjects;
  if (subjects.length === 0) return true;
  const id = elementImpl.getAttributeNS(null, 'id');
  const tag = elementImpl._localName.toLowerCase();
  return subjects.some(
    (keys: { id?: string; className?: string; tag?: string }) =>
      !(keys.id && keys.id !== id) && !(keys.className && !elementImpl.classList.contains(keys.className)) && !(keys.tag && keys.tag.toLowerCase() !== tag),
  );
}

/** The element's specified value of `property` after jsdom's cascade ('' when nothing sets it). */
function cascade(property: string, elementImpl: Impl, generation: Generation): string {
  let value = '';
  let important = false;
  let specificity: unknown;
  for (const candidate of candidatesFor(property, elementImpl, generation)) {
    if (!mightMatch(candidate.rule, elementImpl)) continue;
    const { ast, match, pseudoElement } = elementImpl._ownerDocument._getDOMSelector().check(candidate.rule.selectorText, elementImpl);
    if (!match || pseudoElement) continue;
    if (candidate.important) {
      value = candidate.value;
      important = true;
    } else if (!important) {
      const { value: ruleSpecificity } = Specificity.max(...Specificity.calculate(ast));
      if (specificity === undefined || Specificity.compare(ruleSpecificity, specificity) >= 0) {
        specificity = ruleSpecificity;
        value = candidate.value;
      }
    }
  }
  const inline = elementImpl.style.getPropertyValue(property);
  if (inline !== '' && (!important || elementImpl.style.getPropertyPriority(property) !== '')) value = inline;
  return value;
}

/**
 * The element's cascaded declaration, built as jsdom builds its computed one (same rules, order, specificity and
 * inline style) but as a plain declaration: the shorthand setters' reads of other properties stay specified values
 * instead of resolving each through every ancestor. The values of the longhands answered here are the same.
 */
function cascadedDeclaration(elementImpl: Impl, generation: Generation): Impl {
  const known = generation.declarations.get(elementImpl);
  if (known) return known;
  const declaration = CSSStyleProperties.createImpl(elementImpl._globalObject, [], {});
  const specificities = new Map<string, unknown>();
  const apply = (rule: Impl) => {
    if (!CSSStyleRule.isImpl(rule) || !mightMatch(rule, elementImpl)) return;
    const { ast, match, pseudoElement } = elementImpl._ownerDocument._getDOMSelector().check(rule.selectorText, elementImpl);
    if (!match || pseudoElement) return;
    for (let i = 0; i < rule.style.length; i++) {
      const property = rule.style.item(i);
      const value = rule.style.getPropertyValue(property);
      const priority = rule.style.getPropertyPriority(property);
      if (priority) declaration.setProperty(property, value, priority);
      else if (!declaration.getPropertyPriority(property)) {
        const { value: specificity } = Specificity.max(...Specificity.calculate(ast));
        if (!specificities.has(property) || Specificity.compare(specificity, specificities.get(property)) >= 0) {
          specificities.set(property, specificity);
          declaration.setProperty(property, value);
        }
      }
    }
  };
  forEachRule(elementImpl, apply);
  const { style } = elementImpl;
  for (let i = 0; i < style.length; i++) {
    const property = style.item(i);
    const priority = style.getPropertyPriority(property);
    if (!declaration.getPropertyPriority(property) || priority) declaration.setProperty(property, style.getPropertyValue(property), priority);
  }
  generation.declarations.set(elementImpl, declaration);
  return declaration;
}

const NOT_ANSWERED = Symbol('not answered');

/** The computed value as jsdom's computed declaration gives it, or NOT_ANSWERED where only jsdom can tell. */
function computed(property: string, elementImpl: Impl): string | typeof NOT_ANSWERED {
  const generation = generationOf(elementImpl._ownerDocument);
  let perElement = generation.values.get(elementImpl);
  const known = perElement?.get(property);
  if (known !== undefined) return known;
  let value: string;
  const cascaded = CASCADED.get(property);
  if (cascaded) {
    value = cascade(property, elementImpl, generation);
    const parent = elementImpl.parentElement;
    if (value === '' || isGlobalKeyword(value)) {
      if (value === 'revert' || value === 'revert-layer') {
        /* jsdom leaves them as they are */
      } else if (value === 'initial' || !parent) value = cascaded.initial;
      else if (value === 'inherit' || cascaded.inherited) {
        const inherited = computed(property, parent);
        if (inherited === NOT_ANSWERED) return NOT_ANSWERED;
        value = inherited;
      } else value = cascaded.initial;
    }
  } else {
    value = cascadedDeclaration(elementImpl, generation).getPropertyValue(property);
    if (value === '') value = AS_SPECIFIED.get(property)!.initial;
    else if (isGlobalKeyword(value)) return NOT_ANSWERED;
  }
  if (!perElement) generation.values.set(elementImpl, (perElement = new Map()));
  perElement.set(property, value);
  return value;
}

/** Replaces `window.getComputedStyle` with the fast one (jsdom's for everything it does not answer). */
export function installFastComputedStyle(window: Window & typeof globalThis) {
  const original = window.getComputedStyle.bind(window);
  const check = process.env.TEST_STYLE_CHECK === '1';
  window.getComputedStyle = function getComputedStyle(element: Element, pseudoElement?: string | null) {
    if (pseudoElement || !(element instanceof window.Element)) return original(element, pseudoElement);
    let full: CSSStyleDeclaration | undefined;
    const real = () => (full ??= original(element));
    const valueOf = (property: string) => {
      const value = computed(property, idlUtils.implForWrapper(element));
      const slow = value === NOT_ANSWERED || check ? real().getPropertyValue(property) : value;
      if (check && value !== NOT_ANSWERED && slow !== value) {
        throw new Error(`fastComputedStyle: ${property} of ${element.outerHTML.slice(0, 200)} is "${value}", jsdom says "${slow}"`);
      }
      return slow;
    };
    return new Proxy({} as CSSStyleDeclaration, {
      get(_, key) {
        const property = typeof key === 'string' ? BY_ATTRIBUTE.get(key) : undefined;
        if (property) return valueOf(property);
        if (key === 'getPropertyValue') return (name: string) => (BY_ATTRIBUTE.has(name) && name.includes('-') === BY_ATTRIBUTE.get(name)!.includes('-') ? valueOf(name) : real().getPropertyValue(name));
        const value = Reflect.get(real(), key);
        return typeof value === 'function' ? value.bind(real()) : value;
      },
      has: (_, key) => key in real(),
      getPrototypeOf: () => Object.getPrototypeOf(real()),
    });
  } as typeof window.getComputedStyle;
}
