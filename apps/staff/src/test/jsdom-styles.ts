import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * A faster getComputedStyle for jsdom, with the same answers: a setup file of the jsdom test
 * projects (vitest.config.ts).
 *
 * jsdom computes an element's style by testing every CSS rule of the document against it, and
 * against each of its ancestors for the inherited properties (visibility, pointer-events,
 * color), and any change to the DOM empties its cache. Emotion puts one rule per style in the
 * document: a react-admin or MUI screen has about a thousand, so one call cost tens of
 * milliseconds, and Testing Library (is it hidden? what is its name?), user-event (can it take a
 * click?) and MUI's TextareaAutosize (on every render) call it all the time: 40 % of the CPU of
 * the staff console's tests.
 *
 * This replaces jsdom's getDeclarationForElement with a copy that skips the rules that cannot
 * match: a rule whose every selector ends in a compound naming a class (or an id, an attribute or
 * an element name) the element does not have. Every other rule goes through jsdom's own matcher, in jsdom's
 * order, into jsdom's cache, so getComputedStyle answers exactly what it did.
 * `JSDOM_STYLES_VERIFY=1` checks every answer against jsdom's own code and fails on a difference.
 */

/** A CSS declaration block (cssstyle's CSSStyleDeclaration), as jsdom uses it. */
interface Declaration {
  readonly length: number;
  readonly [index: number]: string;
  readonly cssText: string;
  getPropertyValue(property: string): string;
  getPropertyPriority(property: string): string;
  setProperty(property: string, value: string, priority?: string): void;
  removeProperty(property: string): void;
}

/** A CSS rule of @acemir/cssom. */
interface Rule {
  selectorText?: string;
  media?: ArrayLike<string>;
  cssRules?: ArrayLike<Rule>;
  styleSheet?: Sheet | null;
  style: Declaration;
  constructor: { name: string };
  [NEEDS]?: { text: string; needs: Needs };
}

interface Sheet {
  cssRules: ArrayLike<Rule>;
}

/** jsdom's internal element and document (not the wrappers tests see). */
interface ElementImpl {
  nodeType: number;
  _localName: string;
  _ownerDocument: DocumentImpl;
  style: Declaration;
  _attributeList: { _qualifiedName: string }[];
  getAttributeNS(namespace: null, name: string): string | null;
}

interface DocumentImpl {
  _styleCache: WeakMap<ElementImpl, Declaration> | null;
  _domSelector: {
    check(selector: string, element: ElementImpl): { match: boolean; pseudoElement: unknown };
  };
  compatMode: string;
  styleSheets: { _list: Sheet[] };
}

interface StyleRules {
  getDeclarationForElement(element: ElementImpl): Declaration;
  /** jsdom's own function, kept when this module first replaced it. */
  jsdomGetDeclarationForElement?: (element: ElementImpl) => Declaration;
}

/** What an element must have for one selector of a rule to match it. */
interface Need {
  kind: 'class' | 'id' | 'attribute' | 'tag';
  name: string;
}
/** Any of these (one per selector of the list); `null`: the rule may match anything. */
type Needs = Need[] | null;

const NEEDS = Symbol('jsdom-styles needs');
const WRAPPED = Symbol('jsdom-styles getComputedStyle');
const IDENT = /[A-Za-z0-9_\-\u0080-\uFFFF]/;

/** Splits `text` at the characters `isSep` accepts outside (), [] and quotes. */
function splitTop(text: string, isSep: (c: string) => boolean): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && isSep(c)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Pseudo-classes only an element with an href matches (`:visited` never, in jsdom). */
const HREF_ONLY = new Set(['link', 'any-link', 'visited']);

/**
 * What one compound selector (no combinator) needs of an element: a class it names outside
 * parentheses, else an id, else an attribute (`[popover]`, `[dir]`; `:link` needs `href`), else
 * its element name; `null` when it names none of them.
 */
function needOfCompound(compound: string): Need | null {
  if (!compound || /[|&]/.test(compound)) return null;
  let tag: Need | null = null;
  if (/^[A-Za-z_\u0080-\uFFFF]/.test(compound)) {
    let j = 0;
    while (j < compound.length && IDENT.test(compound.charAt(j))) j++;
    tag = { kind: 'tag', name: compound.slice(0, j).toLowerCase() };
  }
  let id: Need | null = null;
  let attribute: Need | null = null;
  let depth = 0;
  let quote = '';
  for (let i = 0; i < compound.length; i++) {
    const c = compound.charAt(i);
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' && depth === 0) {
      depth++;
      const name = /^\s*([A-Za-z_\u0080-\uFFFF][A-Za-z0-9_\-\u0080-\uFFFF]*)\s*[\]=~^$*]/.exec(
        compound.slice(i + 1),
      );
      if (name) attribute ??= { kind: 'attribute', name: name[1]!.toLowerCase() };
    } else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && c === ':' && compound.charAt(i + 1) !== ':') {
      const name = /^[A-Za-z-]+/.exec(compound.slice(i + 1))?.[0].toLowerCase() ?? '';
      const after = compound.charAt(i + 1 + name.length);
      if (HREF_ONLY.has(name) && after !== '(') attribute ??= { kind: 'attribute', name: 'href' };
    } else if (depth === 0 && (c === '.' || c === '#')) {
      let j = i + 1;
      while (j < compound.length && IDENT.test(compound.charAt(j))) j++;
      const name = compound.slice(i + 1, j);
      if (!name) return null;
      if (c === '.') return { kind: 'class', name };
      id ??= { kind: 'id', name };
      i = j - 1;
    }
  }
  return id ?? attribute ?? tag;
}

/** What a rule's selector text needs of an element, selector by selector. */
function needsOf(selectorText: string): Needs {
  // As jsdom's `matches` reads it (a cssstyle work-around).
  const selector = selectorText.split(';').pop()!.trim();
  // An escape could hide a combinator or a comma from this reading: test such rules.
  if (selector.includes('\\')) return null;
  const needs: Need[] = [];
  for (const branch of splitTop(selector, (c) => c === ',')) {
    const compounds = splitTop(branch.trim(), (c) => /[\s>+~]/.test(c)).filter(Boolean);
    const need = needOfCompound(compounds[compounds.length - 1] ?? '');
    if (!need) return null;
    needs.push(need);
  }
  return needs.length ? needs : null;
}

function needsOfRule(rule: Rule, text: string): Needs {
  const known = rule[NEEDS];
  if (known && known.text === text) return known.needs;
  const needs = needsOf(text);
  rule[NEEDS] = { text, needs };
  return needs;
}

/** The classes, id and element name a rule's needs are checked against. */
interface Keys {
  classes: string[];
  id: string;
  /** Its attributes' names, in lower case. */
  attributes: string[];
  tag: string;
}

/** False when the rule cannot match an element of these keys (`null`: do not filter). */
function mayMatch(rule: Rule, keys: Keys | null): boolean {
  const text = rule.selectorText;
  if (!keys || !text) return true;
  const needs = needsOfRule(rule, text);
  if (!needs) return true;
  for (const need of needs) {
    if (
      need.kind === 'class'
        ? keys.classes.includes(need.name)
        : need.kind === 'id'
          ? keys.id === need.name
          : need.kind === 'attribute'
            ? keys.attributes.includes(need.name)
            : keys.tag === need.name
    )
      return true;
  }
  return false;
}

/** jsdom's `matches` (lib/jsdom/living/helpers/style-rules.js). */
function matches(rule: Rule, element: ElementImpl): boolean {
  try {
    if (rule.selectorText) {
      const selector = rule.selectorText.split(';').pop()!.trim();
      const { match, pseudoElement } = element._ownerDocument._domSelector.check(selector, element);
      if (pseudoElement) return false;
      return match;
    }
  } catch {
    // As jsdom: a selector it cannot read matches nothing.
  }
  return false;
}

function install() {
  // The jsdom the environment runs (Node's module cache): its internals, not a copy.
  const requireJsdom = createRequire(createRequire(import.meta.url).resolve('jsdom/package.json'));
  const jsdomRoot = path.dirname(requireJsdom.resolve('./package.json'));
  const styleRules = requireJsdom('./lib/jsdom/living/helpers/style-rules.js') as StyleRules;
  const idlUtils = requireJsdom('./lib/jsdom/living/generated/utils.js') as {
    implForWrapper(wrapper: unknown): unknown;
  };
  const { CSSStyleDeclaration } = requireJsdom('cssstyle') as {
    CSSStyleDeclaration: new () => Declaration;
  };
  const cssom = requireJsdom('@acemir/cssom') as { parse(css: string): Sheet };
  const defaultSheet = cssom.parse(
    fs.readFileSync(path.join(jsdomRoot, 'lib/jsdom/browser/default-stylesheet.css'), 'utf8'),
  );
  // Setup files run again for each test file: keep jsdom's own function from the first time.
  const jsdomGetDeclaration = (styleRules.jsdomGetDeclarationForElement ??=
    styleRules.getDeclarationForElement);

  /** jsdom's forEachMatchingSheetRuleOfElement, without testing rules that cannot match. */
  function forEachMatchingRule(element: ElementImpl, handleRule: (rule: Rule) => void) {
    const document = element._ownerDocument;
    // Class names match case-insensitively in quirks mode: no filter there.
    const keys: Keys | null =
      document.compatMode === 'CSS1Compat'
        ? {
            classes: (element.getAttributeNS(null, 'class') ?? '').split(/[\t\n\f\r ]+/),
            id: element.getAttributeNS(null, 'id') ?? '',
            attributes: element._attributeList.map((a) => a._qualifiedName.toLowerCase()),
            tag: String(element._localName).toLowerCase(),
          }
        : null;
    const test = (rule: Rule) => {
      if (mayMatch(rule, keys) && matches(rule, element)) handleRule(rule);
    };
    const each = (rules: ArrayLike<Rule>) => {
      for (let i = 0; i < rules.length; i++) test(rules[i]!);
    };
    const handleSheet = (sheet: Sheet) => {
      const rules = sheet.cssRules;
      for (let i = 0; i < rules.length; i++) {
        const rule = rules[i]!;
        const media = rule.media;
        if (media) {
          if (rule.constructor.name === 'CSSImportRule') {
            if (
              rule.styleSheet &&
              (media.length === 0 || Array.prototype.includes.call(media, 'screen'))
            )
              each(rule.styleSheet.cssRules);
          } else if (Array.prototype.includes.call(media, 'screen')) {
            each(rule.cssRules!);
          }
        } else {
          test(rule);
        }
      }
    };
    handleSheet(defaultSheet);
    for (const sheet of document.styleSheets._list) handleSheet(sheet);
  }

  /** jsdom's getDeclarationForElement, on forEachMatchingRule. */
  function getDeclarationForElement(element: ElementImpl): Declaration {
    const document = element._ownerDocument;
    const cache = (document._styleCache ??= new WeakMap());
    const cached = cache.get(element);
    if (cached) return cached;
    const declaration = new CSSStyleDeclaration();
    const handleProperty = (style: Declaration, property: string) => {
      const value = style.getPropertyValue(property);
      if (value === 'unset') declaration.removeProperty(property);
      else declaration.setProperty(property, value, style.getPropertyPriority(property));
    };
    const handleStyle = (style: Declaration) => {
      for (let i = 0; i < style.length; i++) handleProperty(style, style[i]!);
    };
    forEachMatchingRule(element, (rule) => handleStyle(rule.style));
    handleStyle(element.style);
    if (process.env.JSDOM_STYLES_VERIFY) verify(element, declaration);
    cache.set(element, declaration);
    return declaration;
  }

  /** Fails when jsdom's own code computes another declaration for the element. */
  function verify(element: ElementImpl, declaration: Declaration) {
    const document = element._ownerDocument;
    const kept = document._styleCache;
    document._styleCache = new WeakMap();
    let jsdoms: Declaration;
    try {
      jsdoms = jsdomGetDeclaration(element);
    } finally {
      document._styleCache = kept;
    }
    if (jsdoms.cssText !== declaration.cssText) {
      const name = `<${element._localName} class="${element.getAttributeNS(null, 'class') ?? ''}">`;
      throw new Error(
        `jsdom-styles: ${name} got\n  ${declaration.cssText}\njsdom computes\n  ${jsdoms.cssText}`,
      );
    }
  }

  styleRules.getDeclarationForElement = getDeclarationForElement;

  // jsdom's getComputedStyle reads the element's own declaration through a binding of its own,
  // not the module's export: put that declaration in jsdom's cache first, so the read finds it.
  const jsdomGetComputedStyle = globalThis.getComputedStyle as typeof getComputedStyle & {
    [WRAPPED]?: true;
  };
  if (jsdomGetComputedStyle[WRAPPED]) return;
  const wrapped = Object.assign(
    function getComputedStyle(element: Element, pseudoElement?: string | null) {
      const impl = element ? (idlUtils.implForWrapper(element) as ElementImpl | null) : null;
      if (impl?._ownerDocument && impl.nodeType === 1) getDeclarationForElement(impl);
      return jsdomGetComputedStyle(element, pseudoElement);
    },
    { [WRAPPED]: true as const },
  );
  globalThis.getComputedStyle = wrapped;
}

// Files that run in Node (`@vitest-environment node`) have no styles to compute.
if (typeof document !== 'undefined') install();
