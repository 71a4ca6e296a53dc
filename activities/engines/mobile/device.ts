import './wdio-silent';
import WebDriver, { type Client } from 'webdriver';
import { withOwnChromedriverPort, type Dialect } from './capabilities';
import { locatorsFor, type Wanted } from './locators';
import type { Rect, ScreenView } from './mask';

const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/**
 * The Appium server cannot be used: it is down, refused the session, or lost it. The attempt ends
 * and the Run is retried like a web Run whose runner failed (category `infrastructure`).
 */
export class AppiumUnavailable extends Error {
  constructor(
    readonly what: string,
    readonly cause?: unknown,
  ) {
    super(what);
    this.name = 'AppiumUnavailable';
  }
}

/** Connection options of the `webdriver` client from APPIUM_URL (user:key@ travel as Basic auth). */
export function connectionOf(appiumUrl: string, requestTimeoutMs: number) {
  const url = new URL(appiumUrl);
  return {
    protocol: url.protocol.replace(':', '') as 'http' | 'https',
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    path: url.pathname || '/',
    ...(url.username ? { user: decodeURIComponent(url.username), key: decodeURIComponent(url.password) } : {}),
    logLevel: 'silent' as const,
    // Temporal retries the attempt; the client must not retry for two minutes on its own.
    connectionRetryCount: 0,
    connectionRetryTimeout: requestTimeoutMs,
  };
}

/** The Appium URL as logs may show it: no credentials, no query. */
export function appiumOrigin(appiumUrl: string): string {
  const url = new URL(appiumUrl);
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** A transport failure or a lost session, as opposed to the app answering "no such element". */
export function isUnavailable(err: unknown): boolean {
  if (err instanceof AppiumUnavailable) return true;
  const text = err instanceof Error ? `${err.name} ${err.message} ${String((err as { code?: unknown }).code)}` : '';
  return /ECONNREFUSED|ECONNRESET|EPIPE|socket hang up|fetch failed|other side closed|invalid session id|session not created|Request timed out|timeout of \d+ms|UND_ERR/i.test(
    text,
  );
}

/**
 * One Appium session: finds controls as a person would name them, acts on them, reads the screen.
 * Every command is W3C WebDriver or an Appium extension; the raw UI tree never leaves this class.
 */
export class Device {
  private constructor(
    private readonly client: Client,
    readonly dialect: Dialect,
  ) {}

  static async open(
    appiumUrl: string,
    capabilities: Record<string, unknown>,
    dialect: Dialect,
    requestTimeoutMs: number,
  ): Promise<Device> {
    try {
      const client = await WebDriver.newSession({
        ...connectionOf(appiumUrl, requestTimeoutMs),
        // Appium speaks classic WebDriver; without this the client asks for a BiDi socket as well.
        capabilities: {
          ...(await withOwnChromedriverPort(appiumUrl, capabilities)),
          'wdio:enforceWebDriverClassic': true,
        } as WebdriverIO.Capabilities,
      });
      return new Device(client, dialect);
    } catch (err) {
      throw new AppiumUnavailable('The Appium server did not start a session.', err);
    }
  }

  /** Ends a session known only by its id (one a crashed runner left open); a missing one is fine. */
  static async end(appiumUrl: string, sessionId: string, requestTimeoutMs: number): Promise<void> {
    // Awaited: the package's CommonJS entry (which this build loads) answers a promise here.
    const client = await WebDriver.attachToSession({ ...connectionOf(appiumUrl, requestTimeoutMs), sessionId });
    await client.deleteSession().catch((err: unknown) => {
      if (isUnavailable(err) && !/invalid session id/i.test(String(err))) throw err;
    });
  }

  get sessionId(): string {
    return this.client.sessionId;
  }

  async close(): Promise<void> {
    await this.client.deleteSession();
  }

  /** The first displayed element matching `target` as a control or a field, or null if none shows yet. */
  async find(wanted: Wanted, target: string): Promise<string | null> {
    for (const [using, value] of locatorsFor(this.dialect, wanted, target)) {
      let found: { [ELEMENT_KEY]: string }[];
      try {
        found = (await this.client.findElements(using, value)) as never;
      } catch (err) {
        if (isUnavailable(err)) throw err;
        continue; // a strategy this automation does not know, or an expression it refused
      }
      for (const element of found) {
        const id = element[ELEMENT_KEY];
        if (await this.client.isElementDisplayed(id).catch(() => false)) return id;
      }
    }
    return null;
  }

  /**
   * The element that has focus (the field the keyboard types into), or null when none has: W3C's
   * Get Active Element, which UiAutomator2 and XCUITest answer with the focused element (or no such
   * element), and a browser with the body when nothing has focus.
   */
  async focused(): Promise<string | null> {
    let element: { [ELEMENT_KEY]?: string } | undefined;
    try {
      element = (await this.client.getActiveElement()) as never;
    } catch (err) {
      if (isUnavailable(err)) throw err;
      return null;
    }
    const id = element?.[ELEMENT_KEY];
    if (!id) return null;
    if (this.dialect === 'web' && /^(body|html)$/i.test(await this.client.getElementTagName(id))) return null;
    return id;
  }

  /** The element's kind in a person's words and, when the step named it, that name: `Button "Sign in"`. */
  async describe(element: string, target?: string): Promise<string> {
    const tag = await this.client.getElementTagName(element).catch(() => 'element');
    // A person's word for the kind, not the UI tree's class name (android.widget.Button, XCUIElementTypeButton).
    const kind = tag
      .replace(/^XCUIElementType/, '')
      .split('.')
      .pop();
    return target === undefined ? `${kind}` : `${kind} "${target}"`;
  }

  async click(element: string): Promise<void> {
    await this.client.elementClick(element);
  }

  /** Is the field one whose text the OS draws as dots (a password field)? */
  async isSecretField(element: string): Promise<boolean> {
    if (this.dialect === 'android') return (await this.client.getElementAttribute(element, 'password')) === 'true';
    if (this.dialect === 'ios') return /SecureTextField/.test(await this.client.getElementTagName(element));
    return (await this.client.getElementAttribute(element, 'type')) === 'password';
  }

  /**
   * Types `text` into the field (replacing what it held) and returns what it holds afterwards. In a
   * browser a secret is drawn as dots first; on every platform the runner also paints over the
   * field in each screenshot (steps.ts), since an app's text field draws what was typed in clear.
   */
  async fill(element: string, text: string, secret: boolean): Promise<string> {
    if (secret && this.dialect === 'web') {
      await this.client.executeScript("arguments[0].style.setProperty('-webkit-text-security', 'disc')", [
        { [ELEMENT_KEY]: element },
      ]);
    }
    await this.client.elementClear(element);
    await this.client.elementSendKeys(element, text);
    if (this.dialect === 'web') return String((await this.client.getElementProperty(element, 'value')) ?? '');
    if (this.dialect === 'ios') return String((await this.client.getElementAttribute(element, 'value')) ?? '');
    return this.client.getElementText(element);
  }

  async screenshot(): Promise<Buffer> {
    return Buffer.from(await this.client.takeScreenshot(), 'base64');
  }

  /** The element's bounds, or null when it has left the screen (its screen changed, or it was removed). */
  async bounds(element: string): Promise<Rect | null> {
    try {
      return await this.client.getElementRect(element);
    } catch (err) {
      if (isUnavailable(err)) throw err;
      if (/stale element|no such element/i.test(`${(err as Error).name} ${(err as Error).message}`)) return null;
      throw err;
    }
  }

  /**
   * The part of the screen a screenshot shows, in the units of element bounds. An app's bounds are
   * screen coordinates (points on iOS, pixels on Android) and its screenshot is the whole screen; a
   * browser's bounds are page coordinates and its screenshot is the visible part of the page.
   */
  async view(): Promise<ScreenView> {
    if (this.dialect !== 'web') return { left: 0, top: 0, width: (await this.client.getWindowRect()).width };
    const [left, top, width] = (await this.client.executeScript(
      'const v = window.visualViewport; return v ? [v.pageLeft, v.pageTop, v.width] : [scrollX, scrollY, innerWidth]',
      [],
    )) as [number, number, number];
    return { left, top, width };
  }

  /**
   * The text a person sees on the screen. In a browser, the page's rendered text; in an app, the
   * texts and labels of the UI tree, read in memory and dropped (the tree itself is never kept).
   */
  async screenText(): Promise<string> {
    if (this.dialect === 'web') {
      return String((await this.client.executeScript('return document.body ? document.body.innerText : ""', [])) ?? '');
    }
    const source = await this.client.getPageSource();
    const names = this.dialect === 'android' ? ['text', 'content-desc'] : ['label', 'value'];
    const texts: string[] = [];
    for (const m of source.matchAll(/\s([a-z-]+)="([^"]*)"/g)) {
      if (names.includes(m[1]) && m[2]) texts.push(decodeXml(m[2]));
    }
    return [...new Set(texts)].join('\n');
  }

  /** Opens a deep link (or, in a browser, a page). */
  async open(link: string): Promise<void> {
    await this.client.navigateTo(link);
  }

  /** Brings an installed app to the front (the start of a Run whose target names no link). */
  async activate(app: { appId: string } | { bundleId: string }): Promise<void> {
    await this.client.executeScript('mobile: activateApp', [app]);
  }

  /** The current URL and title: a browser's; an app has neither (null). */
  async page(): Promise<{ url: string; title: string } | null> {
    if (this.dialect !== 'web') return null;
    return { url: await this.client.getUrl(), title: await this.client.getTitle() };
  }
}

function decodeXml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** An error's first line for our own log: credentials of any URL in it removed. */
export function logSafe(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text
    .split('\n')[0]
    .replace(/\/\/[^/@\s]+@/g, '//***@')
    .slice(0, 300);
}
