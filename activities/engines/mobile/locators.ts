import type { Dialect } from './capabilities';

/** A W3C / Appium locator: the strategy and its value. */
export type Locator = [using: string, value: string];

/** What a step looks for: a control to activate, or a field to type into. */
export type Wanted = 'control' | 'field';

/**
 * Where a control is looked for, in order: its accessibility id first (content-desc on Android,
 * name on iOS, aria-label in a browser), then its visible label or text. The strategies are the
 * ones each automation answers: UiAutomator selectors, iOS predicates, XPath in a browser.
 */
export function locatorsFor(dialect: Dialect, wanted: Wanted, target: string): Locator[] {
  if (dialect === 'android') return androidLocators(wanted, target);
  if (dialect === 'ios') return iosLocators(wanted, target);
  return webLocators(wanted, target);
}

function androidLocators(wanted: Wanted, target: string): Locator[] {
  const t = uiSelectorString(target);
  const editable = 'new UiSelector().className("android.widget.EditText")';
  if (wanted === 'field') {
    return [
      ['accessibility id', target],
      // An empty EditText shows its hint as its text.
      ['-android uiautomator', `${editable}.text(${t})`],
      ['xpath', `//android.widget.EditText[@hint=${xpathString(target)}]`],
      // A label beside its field: the next EditText after the TextView that reads the target.
      ['xpath', `//*[@text=${xpathString(target)}]/following::android.widget.EditText[1]`],
    ];
  }
  return [
    ['accessibility id', target],
    ['-android uiautomator', `new UiSelector().text(${t})`],
    ['-android uiautomator', `new UiSelector().description(${t})`],
  ];
}

function iosLocators(wanted: Wanted, target: string): Locator[] {
  const t = predicateString(target);
  if (wanted === 'field') {
    const kinds = "type IN {'XCUIElementTypeTextField', 'XCUIElementTypeSecureTextField', 'XCUIElementTypeTextView'}";
    return [
      ['accessibility id', target],
      ['-ios predicate string', `${kinds} AND (placeholderValue == ${t} OR label == ${t})`],
      ['xpath', `//*[@label=${xpathString(target)}]/following::XCUIElementTypeTextField[1]`],
    ];
  }
  return [
    ['accessibility id', target],
    ['-ios predicate string', `label == ${t} OR value == ${t}`],
  ];
}

function webLocators(wanted: Wanted, target: string): Locator[] {
  const t = xpathString(target);
  if (wanted === 'field') {
    const editable = "(self::input or self::textarea or @contenteditable='true')";
    return [
      ['xpath', `//*[@aria-label=${t}][${editable}]`],
      ['xpath', `//*[@id=//label[normalize-space(.)=${t}]/@for][${editable}]`],
      ['xpath', `//label[normalize-space(.)=${t}]//*[${editable}]`],
      ['xpath', `//*[@placeholder=${t}][${editable}]`],
      ['xpath', `//*[@name=${t}][${editable}]`],
    ];
  }
  const named = `normalize-space(.)=${t}`;
  return [
    ['xpath', `//*[@aria-label=${t}]`],
    [
      'xpath',
      `//button[${named}] | //a[${named}] | //*[@role='button' or @role='link' or @role='tab' or @role='menuitem'][${named}] | //input[(@type='submit' or @type='button') and @value=${t}]`,
    ],
    ['xpath', `//*[not(self::script or self::style)][normalize-space(text())=${t}]`],
  ];
}

/** An XPath 1.0 string literal of any text (XPath has no escapes: quotes are joined with concat). */
export function xpathString(text: string): string {
  if (!text.includes("'")) return `'${text}'`;
  if (!text.includes('"')) return `"${text}"`;
  return `concat(${text
    .split("'")
    .map((part) => `'${part}'`)
    .join(`, "'", `)})`;
}

/** A Java string literal inside a UiSelector expression. */
function uiSelectorString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** A string literal of an NSPredicate. */
function predicateString(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}
