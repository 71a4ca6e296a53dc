// Imported before `webdriver`: its loggers take their level when the package loads, and at INFO they
// would print the Appium URL (a device cloud's credentials) and every command's arguments (a typed
// secret). Nothing of WebdriverIO's logs is wanted; our own log says what happened.
process.env.WDIO_LOG_LEVEL = 'silent';
delete process.env.WDIO_LOG_PATH;
export {};
