// Built by scripts/build-action.js from cli/src; do not edit.
globalThis.qaAction = true;
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/xmlbuilder2/lib/interfaces.js
var require_interfaces = __commonJS({
  "node_modules/xmlbuilder2/lib/interfaces.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.DefaultXMLBuilderCBOptions = exports2.XMLBuilderOptionKeys = exports2.DefaultBuilderOptions = void 0;
    exports2.DefaultBuilderOptions = {
      version: "1.0",
      encoding: void 0,
      standalone: void 0,
      keepNullNodes: false,
      keepNullAttributes: false,
      ignoreConverters: false,
      skipWhitespaceOnlyText: true,
      convert: {
        att: "@",
        ins: "?",
        text: "#",
        cdata: "$",
        comment: "!"
      },
      defaultNamespace: {
        ele: void 0,
        att: void 0
      },
      namespaceAlias: {
        html: "http://www.w3.org/1999/xhtml",
        xml: "http://www.w3.org/XML/1998/namespace",
        xmlns: "http://www.w3.org/2000/xmlns/",
        mathml: "http://www.w3.org/1998/Math/MathML",
        svg: "http://www.w3.org/2000/svg",
        xlink: "http://www.w3.org/1999/xlink"
      },
      invalidCharReplacement: void 0,
      parser: void 0
    };
    exports2.XMLBuilderOptionKeys = new Set(Object.keys(exports2.DefaultBuilderOptions));
    exports2.DefaultXMLBuilderCBOptions = {
      format: "xml",
      wellFormed: false,
      prettyPrint: false,
      indent: "  ",
      newline: "\n",
      offset: 0,
      width: 0,
      allowEmptyTags: false,
      spaceBeforeSlash: false,
      keepNullNodes: false,
      keepNullAttributes: false,
      ignoreConverters: false,
      convert: {
        att: "@",
        ins: "?",
        text: "#",
        cdata: "$",
        comment: "!"
      },
      defaultNamespace: {
        ele: void 0,
        att: void 0
      },
      namespaceAlias: {
        html: "http://www.w3.org/1999/xhtml",
        xml: "http://www.w3.org/XML/1998/namespace",
        xmlns: "http://www.w3.org/2000/xmlns/",
        mathml: "http://www.w3.org/1998/Math/MathML",
        svg: "http://www.w3.org/2000/svg",
        xlink: "http://www.w3.org/1999/xlink"
      }
    };
  }
});

// node_modules/@oozcitak/util/lib/FixedSizeSet.js
var require_FixedSizeSet = __commonJS({
  "node_modules/@oozcitak/util/lib/FixedSizeSet.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.FixedSizeSet = void 0;
    var FixedSizeSet = class {
      _limit;
      _items = /* @__PURE__ */ new Set();
      /**
       * Initializes a new instance of `FixedSizeSet`.
       *
       * @param limit - maximum number of items to keep in the set. When the limit
       * is exceeded the first item is removed from the set.
       */
      constructor(limit = 1e3) {
        this._limit = limit;
      }
      /**
       * Adds a new item to the set.
       *
       * @param item - an item
       */
      add(item) {
        this._items.add(item);
        if (this._items.size > this._limit) {
          const it = this._items.values().next();
          if (!it.done) {
            this._items.delete(it.value);
          }
        }
        return this;
      }
      /**
       * Removes an item from the set.
       *
       * @param item - an item
       */
      delete(item) {
        return this._items.delete(item);
      }
      /**
       * Determines if an item is in the set.
       *
       * @param item - an item
       */
      has(item) {
        return this._items.has(item);
      }
      /**
       * Removes all items from the set.
       */
      clear() {
        this._items.clear();
      }
      /**
       * Gets the number of items in the set.
       */
      get size() {
        return this._items.size;
      }
      /**
       * Applies the given callback function to all elements of the set.
       */
      forEach(callback, thisArg) {
        this._items.forEach((e) => callback.call(thisArg, e, e, this));
      }
      /**
       * Iterates through the items in the set.
       */
      *keys() {
        yield* this._items.keys();
      }
      /**
       * Iterates through the items in the set.
       */
      *values() {
        yield* this._items.values();
      }
      /**
       * Iterates through the items in the set.
       */
      *entries() {
        yield* this._items.entries();
      }
      /**
       * Iterates through the items in the set.
       */
      *[Symbol.iterator]() {
        yield* this._items;
      }
      /**
       * Returns the string tag of the set.
       */
      get [Symbol.toStringTag]() {
        return "FixedSizeSet";
      }
    };
    exports2.FixedSizeSet = FixedSizeSet;
  }
});

// node_modules/@oozcitak/util/lib/ObjectCache.js
var require_ObjectCache = __commonJS({
  "node_modules/@oozcitak/util/lib/ObjectCache.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.ObjectCache = void 0;
    var ObjectCache = class {
      _limit;
      _items = /* @__PURE__ */ new Map();
      /**
       * Initializes a new instance of `ObjectCache`.
       *
       * @param limit - maximum number of items to keep in the cache. When the limit
       * is exceeded the first item is removed from the cache.
       */
      constructor(limit = 1e3) {
        this._limit = limit;
      }
      /**
       * Gets an item from the cache.
       *
       * @param key - object key
       */
      get(key) {
        return this._items.get(key);
      }
      /**
       * Adds a new item to the cache.
       *
       * @param key - object key
       * @param value - object value
       */
      set(key, value) {
        this._items.set(key, value);
        if (this._items.size > this._limit) {
          const it = this._items.keys().next();
          if (!it.done) {
            this._items.delete(it.value);
          }
        }
      }
      /**
       * Removes an item from the cache.
       *
       * @param item - an item
       */
      delete(key) {
        return this._items.delete(key);
      }
      /**
       * Determines if an item is in the cache.
       *
       * @param item - an item
       */
      has(key) {
        return this._items.has(key);
      }
      /**
       * Removes all items from the cache.
       */
      clear() {
        this._items.clear();
      }
      /**
       * Gets the number of items in the cache.
       */
      get size() {
        return this._items.size;
      }
      /**
       * Applies the given callback function to all elements of the cache.
       */
      forEach(callback, thisArg) {
        this._items.forEach((v, k) => callback.call(thisArg, k, v));
      }
      /**
       * Iterates through the items in the set.
       */
      *keys() {
        yield* this._items.keys();
      }
      /**
       * Iterates through the items in the set.
       */
      *values() {
        yield* this._items.values();
      }
      /**
       * Iterates through the items in the set.
       */
      *entries() {
        yield* this._items.entries();
      }
      /**
       * Iterates through the items in the set.
       */
      *[Symbol.iterator]() {
        yield* this._items;
      }
      /**
       * Returns the string tag of the cache.
       */
      get [Symbol.toStringTag]() {
        return "ObjectCache";
      }
    };
    exports2.ObjectCache = ObjectCache;
  }
});

// node_modules/@oozcitak/util/lib/CompareCache.js
var require_CompareCache = __commonJS({
  "node_modules/@oozcitak/util/lib/CompareCache.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.CompareCache = void 0;
    var CompareCache = class {
      _limit;
      _items = /* @__PURE__ */ new Map();
      /**
       * Initializes a new instance of `CompareCache`.
       *
       * @param limit - maximum number of items to keep in the cache. When the limit
       * is exceeded the first item is removed from the cache.
       */
      constructor(limit = 1e3) {
        this._limit = limit;
      }
      /**
       * Compares and caches the given objects. Returns `true` if `objA < objB` and
       * `false` otherwise.
       *
       * @param objA - an item to compare
       * @param objB - an item to compare
       */
      check(objA, objB) {
        if (this._items.get(objA) === objB)
          return true;
        else if (this._items.get(objB) === objA)
          return false;
        const result = Math.random() < 0.5;
        if (result) {
          this._items.set(objA, objB);
        } else {
          this._items.set(objB, objA);
        }
        if (this._items.size > this._limit) {
          const it = this._items.keys().next();
          if (!it.done) {
            this._items.delete(it.value);
          }
        }
        return result;
      }
    };
    exports2.CompareCache = CompareCache;
  }
});

// node_modules/@oozcitak/util/lib/Lazy.js
var require_Lazy = __commonJS({
  "node_modules/@oozcitak/util/lib/Lazy.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.Lazy = void 0;
    var Lazy = class {
      _initialized = false;
      _initFunc;
      _value;
      /**
       * Initializes a new instance of `Lazy`.
       *
       * @param initFunc - initializer function
       */
      constructor(initFunc) {
        this._value = void 0;
        this._initFunc = initFunc;
      }
      /**
       * Gets the value of the object.
       */
      get value() {
        if (!this._initialized) {
          this._value = this._initFunc();
          this._initialized = true;
        }
        return this._value;
      }
    };
    exports2.Lazy = Lazy;
  }
});

// node_modules/@oozcitak/util/lib/StringWalker.js
var require_StringWalker = __commonJS({
  "node_modules/@oozcitak/util/lib/StringWalker.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.StringWalker = void 0;
    var StringWalker = class {
      _chars;
      _length;
      _pointer = 0;
      _codePoint;
      _c;
      _remaining;
      _substring;
      /**
       * Initializes a new `StringWalker`.
       *
       * @param input - input string
       */
      constructor(input) {
        this._chars = Array.from(input);
        this._length = this._chars.length;
      }
      /**
       * Determines if the current position is beyond the end of string.
       */
      get eof() {
        return this._pointer >= this._length;
      }
      /**
       * Returns the number of code points in the input string.
       */
      get length() {
        return this._length;
      }
      /**
       * Returns the current code point. Returns `-1` if the position is beyond
       * the end of string.
       */
      codePoint() {
        if (this._codePoint === void 0) {
          if (this.eof) {
            this._codePoint = -1;
          } else {
            const cp = this._chars[this._pointer].codePointAt(0);
            if (cp !== void 0) {
              this._codePoint = cp;
            } else {
              this._codePoint = -1;
            }
          }
        }
        return this._codePoint;
      }
      /**
       * Returns the current character. Returns an empty string if the position is
       * beyond the end of string.
       */
      c() {
        if (this._c === void 0) {
          this._c = this.eof ? "" : this._chars[this._pointer];
        }
        return this._c;
      }
      /**
       * Returns the remaining string.
       */
      remaining() {
        if (this._remaining === void 0) {
          this._remaining = this.eof ? "" : this._chars.slice(this._pointer + 1).join("");
        }
        return this._remaining;
      }
      /**
       * Returns the substring from the current character to the end of string.
       */
      substring() {
        if (this._substring === void 0) {
          this._substring = this.eof ? "" : this._chars.slice(this._pointer).join("");
        }
        return this._substring;
      }
      /**
       * Gets or sets the current position.
       */
      get pointer() {
        return this._pointer;
      }
      set pointer(val) {
        if (val === this._pointer)
          return;
        this._pointer = val;
        this._codePoint = void 0;
        this._c = void 0;
        this._remaining = void 0;
        this._substring = void 0;
      }
    };
    exports2.StringWalker = StringWalker;
  }
});

// node_modules/@oozcitak/util/lib/index.js
var require_lib = __commonJS({
  "node_modules/@oozcitak/util/lib/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.StringWalker = exports2.Lazy = exports2.CompareCache = exports2.ObjectCache = exports2.FixedSizeSet = void 0;
    exports2.applyMixin = applyMixin;
    exports2.applyDefaults = applyDefaults;
    exports2.forEachArray = forEachArray;
    exports2.forEachObject = forEachObject;
    exports2.arrayLength = arrayLength;
    exports2.objectLength = objectLength;
    exports2.getObjectValue = getObjectValue;
    exports2.removeObjectValue = removeObjectValue;
    exports2.clone = clone;
    exports2.isBoolean = isBoolean;
    exports2.isNumber = isNumber;
    exports2.isString = isString;
    exports2.isFunction = isFunction;
    exports2.isObject = isObject;
    exports2.isArray = isArray;
    exports2.isSet = isSet;
    exports2.isMap = isMap;
    exports2.isEmpty = isEmpty;
    exports2.isPlainObject = isPlainObject;
    exports2.isIterable = isIterable;
    exports2.getValue = getValue;
    exports2.utf8Encode = utf8Encode;
    exports2.utf8Decode = utf8Decode;
    var FixedSizeSet_js_1 = require_FixedSizeSet();
    Object.defineProperty(exports2, "FixedSizeSet", { enumerable: true, get: function() {
      return FixedSizeSet_js_1.FixedSizeSet;
    } });
    var ObjectCache_js_1 = require_ObjectCache();
    Object.defineProperty(exports2, "ObjectCache", { enumerable: true, get: function() {
      return ObjectCache_js_1.ObjectCache;
    } });
    var CompareCache_js_1 = require_CompareCache();
    Object.defineProperty(exports2, "CompareCache", { enumerable: true, get: function() {
      return CompareCache_js_1.CompareCache;
    } });
    var Lazy_js_1 = require_Lazy();
    Object.defineProperty(exports2, "Lazy", { enumerable: true, get: function() {
      return Lazy_js_1.Lazy;
    } });
    var StringWalker_js_1 = require_StringWalker();
    Object.defineProperty(exports2, "StringWalker", { enumerable: true, get: function() {
      return StringWalker_js_1.StringWalker;
    } });
    function applyMixin(baseClass, mixinClass, ...overrides) {
      Object.getOwnPropertyNames(mixinClass.prototype).forEach((name) => {
        if (name !== "constructor") {
          if (overrides.indexOf(name) !== -1) {
            const orgPropDesc = Object.getOwnPropertyDescriptor(baseClass.prototype, name);
            if (orgPropDesc) {
              Object.defineProperty(baseClass.prototype, "_" + name, orgPropDesc);
            }
          }
          const propDesc = Object.getOwnPropertyDescriptor(mixinClass.prototype, name);
          if (propDesc) {
            Object.defineProperty(baseClass.prototype, name, propDesc);
          }
        }
      });
    }
    function applyDefaults(obj, defaults, overwrite = false) {
      const result = clone(obj || {});
      forEachObject(defaults, (key, val) => {
        if (isPlainObject(val)) {
          result[key] = applyDefaults(result[key], val, overwrite);
        } else if (overwrite || result[key] === void 0) {
          result[key] = val;
        }
      });
      return result;
    }
    function forEachArray(arr, callback, thisArg) {
      arr.forEach(callback, thisArg);
    }
    function forEachObject(obj, callback, thisArg) {
      if (isMap(obj)) {
        obj.forEach((value, key) => callback.call(thisArg, key, value));
      } else {
        for (const key in obj) {
          if (obj.hasOwnProperty(key)) {
            callback.call(thisArg, key, obj[key]);
          }
        }
      }
    }
    function arrayLength(obj) {
      if (isSet(obj)) {
        return obj.size;
      } else {
        return obj.length;
      }
    }
    function objectLength(obj) {
      if (isMap(obj)) {
        return obj.size;
      } else {
        return Object.keys(obj).length;
      }
    }
    function getObjectValue(obj, key) {
      if (isMap(obj)) {
        return obj.get(key);
      } else {
        return obj[key];
      }
    }
    function removeObjectValue(obj, key) {
      if (isMap(obj)) {
        obj.delete(key);
      } else {
        delete obj[key];
      }
    }
    function clone(obj) {
      if (isFunction(obj)) {
        return obj;
      } else if (isArray(obj)) {
        const result = [];
        for (const item of obj) {
          result.push(clone(item));
        }
        return result;
      } else if (isPlainObject(obj)) {
        const result = {};
        for (const key in obj) {
          if (obj.hasOwnProperty(key)) {
            const val = obj[key];
            result[key] = clone(val);
          }
        }
        return result;
      } else {
        return obj;
      }
    }
    function isBoolean(x) {
      return typeof x === "boolean";
    }
    function isNumber(x) {
      return typeof x === "number";
    }
    function isString(x) {
      return typeof x === "string";
    }
    function isFunction(x) {
      return !!x && typeof x === "function";
    }
    function isObject(x) {
      const type = typeof x;
      return !!x && (type === "function" || type === "object");
    }
    function isArray(x) {
      return Array.isArray(x);
    }
    function isSet(x) {
      return x instanceof Set;
    }
    function isMap(x) {
      return x instanceof Map;
    }
    function isEmpty(x) {
      if (isArray(x)) {
        return !x.length;
      } else if (isSet(x)) {
        return !x.size;
      } else if (isMap(x)) {
        return !x.size;
      } else if (isObject(x)) {
        for (const key in x) {
          if (x.hasOwnProperty(key)) {
            return false;
          }
        }
        return true;
      }
      return false;
    }
    function isPlainObject(x) {
      if (isObject(x)) {
        const proto = Object.getPrototypeOf(x);
        const ctor = proto.constructor;
        return proto && ctor && typeof ctor === "function" && ctor instanceof ctor && Function.prototype.toString.call(ctor) === Function.prototype.toString.call(Object);
      }
      return false;
    }
    function isIterable(x) {
      return x && typeof x[Symbol.iterator] === "function";
    }
    function getValue(obj) {
      if (isFunction(obj.valueOf)) {
        return obj.valueOf();
      } else {
        return obj;
      }
    }
    function utf8Encode(input) {
      const bytes = new Uint8Array(input.length * 4);
      let byteIndex = 0;
      for (let i = 0; i < input.length; i++) {
        let char = input.charCodeAt(i);
        if (char < 128) {
          bytes[byteIndex++] = char;
          continue;
        } else if (char < 2048) {
          bytes[byteIndex++] = char >> 6 | 192;
        } else {
          if (char > 55295 && char < 56320) {
            if (++i >= input.length) {
              throw new Error("Incomplete surrogate pair.");
            }
            const c2 = input.charCodeAt(i);
            if (c2 < 56320 || c2 > 57343) {
              throw new Error("Invalid surrogate character.");
            }
            char = 65536 + ((char & 1023) << 10) + (c2 & 1023);
            bytes[byteIndex++] = char >> 18 | 240;
            bytes[byteIndex++] = char >> 12 & 63 | 128;
          } else {
            bytes[byteIndex++] = char >> 12 | 224;
          }
          bytes[byteIndex++] = char >> 6 & 63 | 128;
        }
        bytes[byteIndex++] = char & 63 | 128;
      }
      return bytes.subarray(0, byteIndex);
    }
    function utf8Decode(bytes) {
      let result = "";
      let i = 0;
      while (i < bytes.length) {
        var c = bytes[i++];
        if (c > 127) {
          if (c > 191 && c < 224) {
            if (i >= bytes.length) {
              throw new Error("Incomplete 2-byte sequence.");
            }
            c = (c & 31) << 6 | bytes[i++] & 63;
          } else if (c > 223 && c < 240) {
            if (i + 1 >= bytes.length) {
              throw new Error("Incomplete 3-byte sequence.");
            }
            c = (c & 15) << 12 | (bytes[i++] & 63) << 6 | bytes[i++] & 63;
          } else if (c > 239 && c < 248) {
            if (i + 2 >= bytes.length) {
              throw new Error("Incomplete 4-byte sequence.");
            }
            c = (c & 7) << 18 | (bytes[i++] & 63) << 12 | (bytes[i++] & 63) << 6 | bytes[i++] & 63;
          } else {
            throw new Error("Unknown multi-byte start.");
          }
        }
        if (c <= 65535) {
          result += String.fromCharCode(c);
        } else if (c <= 1114111) {
          c -= 65536;
          result += String.fromCharCode(c >> 10 | 55296);
          result += String.fromCharCode(c & 1023 | 56320);
        } else {
          throw new Error("Code point exceeds UTF-16 limit.");
        }
      }
      return result;
    }
  }
});

// node_modules/@oozcitak/dom/lib/dom/interfaces.js
var require_interfaces2 = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/interfaces.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.HowToCompare = exports2.WhatToShow = exports2.FilterResult = exports2.Position = exports2.NodeType = exports2.EventPhase = exports2.BoundaryPosition = void 0;
    var BoundaryPosition;
    (function(BoundaryPosition2) {
      BoundaryPosition2[BoundaryPosition2["Before"] = 0] = "Before";
      BoundaryPosition2[BoundaryPosition2["Equal"] = 1] = "Equal";
      BoundaryPosition2[BoundaryPosition2["After"] = 2] = "After";
    })(BoundaryPosition || (exports2.BoundaryPosition = BoundaryPosition = {}));
    var EventPhase;
    (function(EventPhase2) {
      EventPhase2[EventPhase2["None"] = 0] = "None";
      EventPhase2[EventPhase2["Capturing"] = 1] = "Capturing";
      EventPhase2[EventPhase2["AtTarget"] = 2] = "AtTarget";
      EventPhase2[EventPhase2["Bubbling"] = 3] = "Bubbling";
    })(EventPhase || (exports2.EventPhase = EventPhase = {}));
    var NodeType;
    (function(NodeType2) {
      NodeType2[NodeType2["Element"] = 1] = "Element";
      NodeType2[NodeType2["Attribute"] = 2] = "Attribute";
      NodeType2[NodeType2["Text"] = 3] = "Text";
      NodeType2[NodeType2["CData"] = 4] = "CData";
      NodeType2[NodeType2["EntityReference"] = 5] = "EntityReference";
      NodeType2[NodeType2["Entity"] = 6] = "Entity";
      NodeType2[NodeType2["ProcessingInstruction"] = 7] = "ProcessingInstruction";
      NodeType2[NodeType2["Comment"] = 8] = "Comment";
      NodeType2[NodeType2["Document"] = 9] = "Document";
      NodeType2[NodeType2["DocumentType"] = 10] = "DocumentType";
      NodeType2[NodeType2["DocumentFragment"] = 11] = "DocumentFragment";
      NodeType2[NodeType2["Notation"] = 12] = "Notation";
    })(NodeType || (exports2.NodeType = NodeType = {}));
    var Position;
    (function(Position2) {
      Position2[Position2["SameNode"] = 0] = "SameNode";
      Position2[Position2["Disconnected"] = 1] = "Disconnected";
      Position2[Position2["Preceding"] = 2] = "Preceding";
      Position2[Position2["Following"] = 4] = "Following";
      Position2[Position2["Contains"] = 8] = "Contains";
      Position2[Position2["ContainedBy"] = 16] = "ContainedBy";
      Position2[Position2["ImplementationSpecific"] = 32] = "ImplementationSpecific";
    })(Position || (exports2.Position = Position = {}));
    var FilterResult;
    (function(FilterResult2) {
      FilterResult2[FilterResult2["Accept"] = 1] = "Accept";
      FilterResult2[FilterResult2["Reject"] = 2] = "Reject";
      FilterResult2[FilterResult2["Skip"] = 3] = "Skip";
    })(FilterResult || (exports2.FilterResult = FilterResult = {}));
    var WhatToShow;
    (function(WhatToShow2) {
      WhatToShow2[WhatToShow2["All"] = 4294967295] = "All";
      WhatToShow2[WhatToShow2["Element"] = 1] = "Element";
      WhatToShow2[WhatToShow2["Attribute"] = 2] = "Attribute";
      WhatToShow2[WhatToShow2["Text"] = 4] = "Text";
      WhatToShow2[WhatToShow2["CDataSection"] = 8] = "CDataSection";
      WhatToShow2[WhatToShow2["EntityReference"] = 16] = "EntityReference";
      WhatToShow2[WhatToShow2["Entity"] = 32] = "Entity";
      WhatToShow2[WhatToShow2["ProcessingInstruction"] = 64] = "ProcessingInstruction";
      WhatToShow2[WhatToShow2["Comment"] = 128] = "Comment";
      WhatToShow2[WhatToShow2["Document"] = 256] = "Document";
      WhatToShow2[WhatToShow2["DocumentType"] = 512] = "DocumentType";
      WhatToShow2[WhatToShow2["DocumentFragment"] = 1024] = "DocumentFragment";
      WhatToShow2[WhatToShow2["Notation"] = 2048] = "Notation";
    })(WhatToShow || (exports2.WhatToShow = WhatToShow = {}));
    var HowToCompare;
    (function(HowToCompare2) {
      HowToCompare2[HowToCompare2["StartToStart"] = 0] = "StartToStart";
      HowToCompare2[HowToCompare2["StartToEnd"] = 1] = "StartToEnd";
      HowToCompare2[HowToCompare2["EndToEnd"] = 2] = "EndToEnd";
      HowToCompare2[HowToCompare2["EndToStart"] = 3] = "EndToStart";
    })(HowToCompare || (exports2.HowToCompare = HowToCompare = {}));
  }
});

// node_modules/@oozcitak/dom/lib/serializer/LocalNameSet.js
var require_LocalNameSet = __commonJS({
  "node_modules/@oozcitak/dom/lib/serializer/LocalNameSet.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.LocalNameSet = void 0;
    var LocalNameSet = class {
      // tuple storage
      _items = {};
      _nullItems = {};
      /**
       * Adds or replaces a tuple.
       *
       * @param ns - namespace URI
       * @param localName - attribute local name
       */
      set(ns, localName) {
        if (ns === null) {
          this._nullItems[localName] = true;
        } else if (this._items[ns]) {
          this._items[ns][localName] = true;
        } else {
          this._items[ns] = {};
          this._items[ns][localName] = true;
        }
      }
      /**
       * Determines if the given tuple exists in the set.
       *
       * @param ns - namespace URI
       * @param localName - attribute local name
       */
      has(ns, localName) {
        if (ns === null) {
          return this._nullItems[localName] === true;
        } else if (this._items[ns]) {
          return this._items[ns][localName] === true;
        } else {
          return false;
        }
      }
    };
    exports2.LocalNameSet = LocalNameSet;
  }
});

// node_modules/@oozcitak/dom/lib/serializer/NamespacePrefixMap.js
var require_NamespacePrefixMap = __commonJS({
  "node_modules/@oozcitak/dom/lib/serializer/NamespacePrefixMap.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.NamespacePrefixMap = void 0;
    var NamespacePrefixMap = class _NamespacePrefixMap {
      _items = {};
      _nullItems = [];
      /**
       * Creates a copy of the map.
       */
      copy() {
        const mapCopy = new _NamespacePrefixMap();
        for (const key in this._items) {
          mapCopy._items[key] = this._items[key].slice(0);
        }
        mapCopy._nullItems = this._nullItems.slice(0);
        return mapCopy;
      }
      /**
       * Retrieves a preferred prefix string from the namespace prefix map.
       *
       * @param preferredPrefix - preferred prefix string
       * @param ns - namespace
       */
      get(preferredPrefix, ns) {
        const candidatesList = ns === null ? this._nullItems : this._items[ns] || null;
        if (candidatesList === null) {
          return null;
        }
        let prefix = null;
        for (let i = 0; i < candidatesList.length; i++) {
          prefix = candidatesList[i];
          if (prefix === preferredPrefix) {
            return prefix;
          }
        }
        return prefix;
      }
      /**
       * Checks if a prefix string is found in the namespace prefix map associated
       * with the given namespace.
       *
       * @param prefix - prefix string
       * @param ns - namespace
       */
      has(prefix, ns) {
        const candidatesList = ns === null ? this._nullItems : this._items[ns] || null;
        if (candidatesList === null) {
          return false;
        }
        return candidatesList.indexOf(prefix) !== -1;
      }
      /**
       * Checks if a prefix string is found in the namespace prefix map.
       *
       * @param prefix - prefix string
       */
      hasPrefix(prefix) {
        if (this._nullItems.indexOf(prefix) !== -1)
          return true;
        for (const key in this._items) {
          if (this._items[key].indexOf(prefix) !== -1)
            return true;
        }
        return false;
      }
      /**
       * Adds a prefix string associated with a namespace to the prefix map.
       *
       * @param prefix - prefix string
       * @param ns - namespace
       */
      set(prefix, ns) {
        const candidatesList = ns === null ? this._nullItems : this._items[ns] || null;
        if (ns !== null && candidatesList === null) {
          this._items[ns] = [prefix];
        } else {
          candidatesList.push(prefix);
        }
      }
    };
    exports2.NamespacePrefixMap = NamespacePrefixMap;
  }
});

// node_modules/@oozcitak/infra/lib/CodePoints.js
var require_CodePoints = __commonJS({
  "node_modules/@oozcitak/infra/lib/CodePoints.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.ASCIIAlphanumeric = exports2.ASCIIAlpha = exports2.ASCIILowerAlpha = exports2.ASCIIUpperAlpha = exports2.ASCIIHexDigit = exports2.ASCIILowerHexDigit = exports2.ASCIIUpperHexDigit = exports2.ASCIIDigit = exports2.Control = exports2.C0ControlOrSpace = exports2.C0Control = exports2.ASCIIWhiteSpace = exports2.ASCIITabOrNewLine = exports2.ASCIICodePoint = exports2.NonCharacter = exports2.ScalarValue = exports2.Surrogate = void 0;
    exports2.Surrogate = /[\uD800-\uDFFF]/;
    exports2.ScalarValue = /[\uD800-\uDFFF]/;
    exports2.NonCharacter = /[\uFDD0-\uFDEF\uFFFE\uFFFF]|[\uD83F\uD87F\uD8BF\uD8FF\uD93F\uD97F\uD9BF\uD9FF\uDA3F\uDA7F\uDABF\uDAFF\uDB3F\uDB7F\uDBBF\uDBFF][\uDFFE\uDFFF]/;
    exports2.ASCIICodePoint = /[\u0000-\u007F]/;
    exports2.ASCIITabOrNewLine = /[\t\n\r]/;
    exports2.ASCIIWhiteSpace = /[\t\n\f\r ]/;
    exports2.C0Control = /[\u0000-\u001F]/;
    exports2.C0ControlOrSpace = /[\u0000-\u001F ]/;
    exports2.Control = /[\u0000-\u001F\u007F-\u009F]/;
    exports2.ASCIIDigit = /[0-9]/;
    exports2.ASCIIUpperHexDigit = /[0-9A-F]/;
    exports2.ASCIILowerHexDigit = /[0-9a-f]/;
    exports2.ASCIIHexDigit = /[0-9A-Fa-f]/;
    exports2.ASCIIUpperAlpha = /[A-Z]/;
    exports2.ASCIILowerAlpha = /[a-z]/;
    exports2.ASCIIAlpha = /[A-Za-z]/;
    exports2.ASCIIAlphanumeric = /[0-9A-Za-z]/;
  }
});

// node_modules/@oozcitak/infra/lib/Base64.js
var require_Base64 = __commonJS({
  "node_modules/@oozcitak/infra/lib/Base64.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.forgivingBase64Encode = forgivingBase64Encode;
    exports2.forgivingBase64Decode = forgivingBase64Decode;
    var CodePoints_1 = require_CodePoints();
    function forgivingBase64Encode(input) {
      return Buffer.from(input).toString("base64");
    }
    function forgivingBase64Decode(input) {
      if (input === "")
        return "";
      input = input.replace(CodePoints_1.ASCIIWhiteSpace, "");
      if (input.length % 4 === 0) {
        if (input.endsWith("==")) {
          input = input.substr(0, input.length - 2);
        } else if (input.endsWith("=")) {
          input = input.substr(0, input.length - 1);
        }
      }
      if (input.length % 4 === 1)
        return null;
      if (!/[0-9A-Za-z+/]/.test(input))
        return null;
      return Buffer.from(input, "base64").toString("utf8");
    }
  }
});

// node_modules/@oozcitak/infra/lib/Byte.js
var require_Byte = __commonJS({
  "node_modules/@oozcitak/infra/lib/Byte.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.isASCIIByte = isASCIIByte;
    function isASCIIByte(byte) {
      return byte >= 0 && byte <= 127;
    }
  }
});

// node_modules/@oozcitak/infra/lib/ByteSequence.js
var require_ByteSequence = __commonJS({
  "node_modules/@oozcitak/infra/lib/ByteSequence.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.length = length;
    exports2.byteLowercase = byteLowercase;
    exports2.byteUppercase = byteUppercase;
    exports2.byteCaseInsensitiveMatch = byteCaseInsensitiveMatch;
    exports2.startsWith = startsWith;
    exports2.byteLessThan = byteLessThan;
    exports2.isomorphicDecode = isomorphicDecode;
    function length(list) {
      return list.length;
    }
    function byteLowercase(list) {
      for (let i = 0; i < list.length; i++) {
        const c = list[i];
        if (c >= 65 && c <= 90) {
          list[i] = c + 32;
        }
      }
    }
    function byteUppercase(list) {
      for (let i = 0; i < list.length; i++) {
        const c = list[i];
        if (c >= 97 && c <= 122) {
          list[i] = c - 32;
        }
      }
    }
    function byteCaseInsensitiveMatch(listA, listB) {
      if (listA.length !== listB.length)
        return false;
      for (let i = 0; i < listA.length; i++) {
        let a = listA[i];
        let b = listB[i];
        if (a >= 65 && a <= 90)
          a += 32;
        if (b >= 65 && b <= 90)
          b += 32;
        if (a !== b)
          return false;
      }
      return true;
    }
    function startsWith(listA, listB) {
      let i = 0;
      while (true) {
        if (i >= listA.length)
          return false;
        if (i >= listB.length)
          return true;
        if (listA[i] !== listB[i])
          return false;
        i++;
      }
    }
    function byteLessThan(listA, listB) {
      let i = 0;
      while (true) {
        if (i >= listA.length)
          return false;
        if (i >= listB.length)
          return true;
        const a = listA[i];
        const b = listB[i];
        if (a < b)
          return true;
        else if (a > b)
          return false;
        i++;
      }
    }
    function isomorphicDecode(list) {
      return String.fromCodePoint(...list);
    }
  }
});

// node_modules/@oozcitak/infra/lib/JSON.js
var require_JSON = __commonJS({
  "node_modules/@oozcitak/infra/lib/JSON.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.parseJSONFromBytes = parseJSONFromBytes;
    exports2.serializeJSONToBytes = serializeJSONToBytes;
    exports2.parseJSONIntoInfraValues = parseJSONIntoInfraValues;
    exports2.convertAJSONDerivedJavaScriptValueToAnInfraValue = convertAJSONDerivedJavaScriptValueToAnInfraValue;
    var util_1 = require_lib();
    function parseJSONFromBytes(bytes) {
      const jsonText = (0, util_1.utf8Decode)(bytes);
      return JSON.parse.call(void 0, jsonText);
    }
    function serializeJSONToBytes(value) {
      const jsonString = JSON.stringify.call(void 0, value);
      return (0, util_1.utf8Encode)(jsonString);
    }
    function parseJSONIntoInfraValues(jsonText) {
      const jsValue = JSON.parse.call(void 0, jsonText);
      return convertAJSONDerivedJavaScriptValueToAnInfraValue(jsValue);
    }
    function convertAJSONDerivedJavaScriptValueToAnInfraValue(jsValue) {
      if (jsValue === null || (0, util_1.isString)(jsValue) || (0, util_1.isNumber)(jsValue))
        return jsValue;
      if ((0, util_1.isArray)(jsValue)) {
        const result = new Array();
        for (const jsValueAtIndex of jsValue) {
          result.push(convertAJSONDerivedJavaScriptValueToAnInfraValue(jsValueAtIndex));
        }
        return result;
      } else if ((0, util_1.isObject)(jsValue)) {
        const result = /* @__PURE__ */ new Map();
        for (const key in jsValue) {
          if (jsValue.hasOwnProperty(key)) {
            const jsValueAtKey = jsValue[key];
            result.set(key, convertAJSONDerivedJavaScriptValueToAnInfraValue(jsValueAtKey));
          }
        }
        return result;
      }
      return jsValue;
    }
  }
});

// node_modules/@oozcitak/infra/lib/List.js
var require_List = __commonJS({
  "node_modules/@oozcitak/infra/lib/List.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.append = append;
    exports2.extend = extend;
    exports2.prepend = prepend;
    exports2.replace = replace;
    exports2.insert = insert;
    exports2.remove = remove;
    exports2.empty = empty;
    exports2.contains = contains;
    exports2.size = size;
    exports2.isEmpty = isEmpty;
    exports2.forEach = forEach;
    exports2.clone = clone;
    exports2.sortInAscendingOrder = sortInAscendingOrder;
    exports2.sortInDescendingOrder = sortInDescendingOrder;
    var util_1 = require_lib();
    function append(list, item) {
      list.push(item);
    }
    function extend(listA, listB) {
      listA.push(...listB);
    }
    function prepend(list, item) {
      list.unshift(item);
    }
    function replace(list, conditionOrItem, newItem) {
      let i = 0;
      for (const oldItem of list) {
        if ((0, util_1.isFunction)(conditionOrItem)) {
          if (!!conditionOrItem.call(null, oldItem)) {
            list[i] = newItem;
          }
        } else if (oldItem === conditionOrItem) {
          list[i] = newItem;
          return;
        }
        i++;
      }
    }
    function insert(list, item, index) {
      list.splice(index, 0, item);
    }
    function remove(list, conditionOrItem) {
      let i = list.length;
      while (i--) {
        const oldItem = list[i];
        if ((0, util_1.isFunction)(conditionOrItem)) {
          if (!!conditionOrItem.call(null, oldItem)) {
            list.splice(i, 1);
          }
        } else if (oldItem === conditionOrItem) {
          list.splice(i, 1);
          return;
        }
      }
    }
    function empty(list) {
      list.length = 0;
    }
    function contains(list, conditionOrItem) {
      for (const oldItem of list) {
        if ((0, util_1.isFunction)(conditionOrItem)) {
          if (!!conditionOrItem.call(null, oldItem)) {
            return true;
          }
        } else if (oldItem === conditionOrItem) {
          return true;
        }
      }
      return false;
    }
    function size(list, condition) {
      if (condition === void 0) {
        return list.length;
      } else {
        let count = 0;
        for (const item of list) {
          if (!!condition.call(null, item)) {
            count++;
          }
        }
        return count;
      }
    }
    function isEmpty(list) {
      return list.length === 0;
    }
    function* forEach(list, condition) {
      if (condition === void 0) {
        yield* list;
      } else {
        for (const item of list) {
          if (!!condition.call(null, item)) {
            yield item;
          }
        }
      }
    }
    function clone(list) {
      return new Array(...list);
    }
    function sortInAscendingOrder(list, lessThanAlgo) {
      return list.sort((itemA, itemB) => lessThanAlgo.call(null, itemA, itemB) ? -1 : 1);
    }
    function sortInDescendingOrder(list, lessThanAlgo) {
      return list.sort((itemA, itemB) => lessThanAlgo.call(null, itemA, itemB) ? 1 : -1);
    }
  }
});

// node_modules/@oozcitak/infra/lib/Map.js
var require_Map = __commonJS({
  "node_modules/@oozcitak/infra/lib/Map.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.get = get;
    exports2.set = set;
    exports2.remove = remove;
    exports2.contains = contains;
    exports2.keys = keys;
    exports2.values = values;
    exports2.size = size;
    exports2.isEmpty = isEmpty;
    exports2.forEach = forEach;
    exports2.clone = clone;
    exports2.sortInAscendingOrder = sortInAscendingOrder;
    exports2.sortInDescendingOrder = sortInDescendingOrder;
    var util_1 = require_lib();
    function get(map, key) {
      return map.get(key);
    }
    function set(map, key, val) {
      map.set(key, val);
    }
    function remove(map, conditionOrItem) {
      if (!(0, util_1.isFunction)(conditionOrItem)) {
        map.delete(conditionOrItem);
      } else {
        const toRemove = [];
        for (const item of map) {
          if (!!conditionOrItem.call(null, item)) {
            toRemove.push(item[0]);
          }
        }
        for (const key of toRemove) {
          map.delete(key);
        }
      }
    }
    function contains(map, conditionOrItem) {
      if (!(0, util_1.isFunction)(conditionOrItem)) {
        return map.has(conditionOrItem);
      } else {
        for (const item of map) {
          if (!!conditionOrItem.call(null, item)) {
            return true;
          }
        }
        return false;
      }
    }
    function keys(map) {
      return new Set(map.keys());
    }
    function values(map) {
      return [...map.values()];
    }
    function size(map, condition) {
      if (condition === void 0) {
        return map.size;
      } else {
        let count = 0;
        for (const item of map) {
          if (!!condition.call(null, item)) {
            count++;
          }
        }
        return count;
      }
    }
    function isEmpty(map) {
      return map.size === 0;
    }
    function* forEach(map, condition) {
      if (condition === void 0) {
        yield* map;
      } else {
        for (const item of map) {
          if (!!condition.call(null, item)) {
            yield item;
          }
        }
      }
    }
    function clone(map) {
      return new Map(map);
    }
    function sortInAscendingOrder(map, lessThanAlgo) {
      const list = new Array(...map);
      list.sort((itemA, itemB) => lessThanAlgo.call(null, itemA, itemB) ? -1 : 1);
      return new Map(list);
    }
    function sortInDescendingOrder(map, lessThanAlgo) {
      const list = new Array(...map);
      list.sort((itemA, itemB) => lessThanAlgo.call(null, itemA, itemB) ? 1 : -1);
      return new Map(list);
    }
  }
});

// node_modules/@oozcitak/infra/lib/Namespace.js
var require_Namespace = __commonJS({
  "node_modules/@oozcitak/infra/lib/Namespace.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.XLink = exports2.SVG = exports2.MathML = exports2.XMLNS = exports2.XML = exports2.HTML = void 0;
    exports2.HTML = "http://www.w3.org/1999/xhtml";
    exports2.XML = "http://www.w3.org/XML/1998/namespace";
    exports2.XMLNS = "http://www.w3.org/2000/xmlns/";
    exports2.MathML = "http://www.w3.org/1998/Math/MathML";
    exports2.SVG = "http://www.w3.org/2000/svg";
    exports2.XLink = "http://www.w3.org/1999/xlink";
  }
});

// node_modules/@oozcitak/infra/lib/Queue.js
var require_Queue = __commonJS({
  "node_modules/@oozcitak/infra/lib/Queue.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.enqueue = enqueue;
    exports2.dequeue = dequeue;
    function enqueue(list, item) {
      list.push(item);
    }
    function dequeue(list) {
      return list.shift() || null;
    }
  }
});

// node_modules/@oozcitak/infra/lib/Set.js
var require_Set = __commonJS({
  "node_modules/@oozcitak/infra/lib/Set.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.append = append;
    exports2.extend = extend;
    exports2.prepend = prepend;
    exports2.replace = replace;
    exports2.insert = insert;
    exports2.remove = remove;
    exports2.empty = empty;
    exports2.contains = contains;
    exports2.size = size;
    exports2.isEmpty = isEmpty;
    exports2.forEach = forEach;
    exports2.clone = clone;
    exports2.sortInAscendingOrder = sortInAscendingOrder;
    exports2.sortInDescendingOrder = sortInDescendingOrder;
    exports2.isSubsetOf = isSubsetOf;
    exports2.isSupersetOf = isSupersetOf;
    exports2.intersection = intersection;
    exports2.union = union;
    exports2.range = range;
    var util_1 = require_lib();
    function append(set, item) {
      set.add(item);
    }
    function extend(setA, setB) {
      setB.forEach(setA.add, setA);
    }
    function prepend(set, item) {
      const cloned = new Set(set);
      set.clear();
      set.add(item);
      cloned.forEach(set.add, set);
    }
    function replace(set, conditionOrItem, newItem) {
      const newSet = /* @__PURE__ */ new Set();
      for (const oldItem of set) {
        if ((0, util_1.isFunction)(conditionOrItem)) {
          if (!!conditionOrItem.call(null, oldItem)) {
            newSet.add(newItem);
          } else {
            newSet.add(oldItem);
          }
        } else if (oldItem === conditionOrItem) {
          newSet.add(newItem);
        } else {
          newSet.add(oldItem);
        }
      }
      set.clear();
      newSet.forEach(set.add, set);
    }
    function insert(set, item, index) {
      const newSet = /* @__PURE__ */ new Set();
      let i = 0;
      for (const oldItem of set) {
        if (i === index)
          newSet.add(item);
        newSet.add(oldItem);
        i++;
      }
      set.clear();
      newSet.forEach(set.add, set);
    }
    function remove(set, conditionOrItem) {
      if (!(0, util_1.isFunction)(conditionOrItem)) {
        set.delete(conditionOrItem);
      } else {
        const toRemove = [];
        for (const item of set) {
          if (!!conditionOrItem.call(null, item)) {
            toRemove.push(item);
          }
        }
        for (const oldItem of toRemove) {
          set.delete(oldItem);
        }
      }
    }
    function empty(set) {
      set.clear();
    }
    function contains(set, conditionOrItem) {
      if (!(0, util_1.isFunction)(conditionOrItem)) {
        return set.has(conditionOrItem);
      } else {
        for (const oldItem of set) {
          if (!!conditionOrItem.call(null, oldItem)) {
            return true;
          }
        }
      }
      return false;
    }
    function size(set, condition) {
      if (condition === void 0) {
        return set.size;
      } else {
        let count = 0;
        for (const item of set) {
          if (!!condition.call(null, item)) {
            count++;
          }
        }
        return count;
      }
    }
    function isEmpty(set) {
      return set.size === 0;
    }
    function* forEach(set, condition) {
      if (condition === void 0) {
        yield* set;
      } else {
        for (const item of set) {
          if (!!condition.call(null, item)) {
            yield item;
          }
        }
      }
    }
    function clone(set) {
      return new Set(set);
    }
    function sortInAscendingOrder(set, lessThanAlgo) {
      const list = new Array(...set);
      list.sort((itemA, itemB) => lessThanAlgo.call(null, itemA, itemB) ? -1 : 1);
      return new Set(list);
    }
    function sortInDescendingOrder(set, lessThanAlgo) {
      const list = new Array(...set);
      list.sort((itemA, itemB) => lessThanAlgo.call(null, itemA, itemB) ? 1 : -1);
      return new Set(list);
    }
    function isSubsetOf(subset, superset) {
      for (const item of subset) {
        if (!superset.has(item))
          return false;
      }
      return true;
    }
    function isSupersetOf(superset, subset) {
      return isSubsetOf(subset, superset);
    }
    function intersection(setA, setB) {
      const newSet = /* @__PURE__ */ new Set();
      for (const item of setA) {
        if (setB.has(item))
          newSet.add(item);
      }
      return newSet;
    }
    function union(setA, setB) {
      const newSet = new Set(setA);
      setB.forEach(newSet.add, newSet);
      return newSet;
    }
    function range(n, m) {
      const newSet = /* @__PURE__ */ new Set();
      for (let i = n; i <= m; i++) {
        newSet.add(i);
      }
      return newSet;
    }
  }
});

// node_modules/@oozcitak/infra/lib/Stack.js
var require_Stack = __commonJS({
  "node_modules/@oozcitak/infra/lib/Stack.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.push = push;
    exports2.pop = pop;
    function push(list, item) {
      list.push(item);
    }
    function pop(list) {
      return list.pop() || null;
    }
  }
});

// node_modules/@oozcitak/infra/lib/String.js
var require_String = __commonJS({
  "node_modules/@oozcitak/infra/lib/String.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.isCodeUnitPrefix = isCodeUnitPrefix;
    exports2.isCodeUnitLessThan = isCodeUnitLessThan;
    exports2.isomorphicEncode = isomorphicEncode;
    exports2.isASCIIString = isASCIIString;
    exports2.asciiLowercase = asciiLowercase;
    exports2.asciiUppercase = asciiUppercase;
    exports2.asciiCaseInsensitiveMatch = asciiCaseInsensitiveMatch;
    exports2.asciiEncode = asciiEncode;
    exports2.asciiDecode = asciiDecode;
    exports2.stripNewlines = stripNewlines;
    exports2.normalizeNewlines = normalizeNewlines;
    exports2.stripLeadingAndTrailingASCIIWhitespace = stripLeadingAndTrailingASCIIWhitespace;
    exports2.stripAndCollapseASCIIWhitespace = stripAndCollapseASCIIWhitespace;
    exports2.collectASequenceOfCodePoints = collectASequenceOfCodePoints;
    exports2.skipASCIIWhitespace = skipASCIIWhitespace;
    exports2.strictlySplit = strictlySplit;
    exports2.splitAStringOnASCIIWhitespace = splitAStringOnASCIIWhitespace;
    exports2.splitAStringOnCommas = splitAStringOnCommas;
    exports2.concatenate = concatenate;
    var CodePoints_1 = require_CodePoints();
    var ByteSequence_1 = require_ByteSequence();
    var Byte_1 = require_Byte();
    var util_1 = require_lib();
    function isCodeUnitPrefix(a, b) {
      let i = 0;
      while (true) {
        const aCodeUnit = i < a.length ? a.charCodeAt(i) : null;
        const bCodeUnit = i < b.length ? b.charCodeAt(i) : null;
        if (aCodeUnit === null)
          return true;
        if (aCodeUnit !== bCodeUnit)
          return false;
        i++;
      }
    }
    function isCodeUnitLessThan(a, b) {
      if (isCodeUnitPrefix(b, a))
        return false;
      if (isCodeUnitPrefix(a, b))
        return true;
      for (let i = 0; i < Math.min(a.length, b.length); i++) {
        const aCodeUnit = a.charCodeAt(i);
        const bCodeUnit = b.charCodeAt(i);
        if (aCodeUnit === bCodeUnit)
          continue;
        return aCodeUnit < bCodeUnit;
      }
      return false;
    }
    function isomorphicEncode(str) {
      const codePoints = Array.from(str);
      const bytes = new Uint8Array(codePoints.length);
      let i = 0;
      for (const codePoint of str) {
        const byte = codePoint.codePointAt(0);
        console.assert(byte !== void 0 && byte <= 255, "isomorphicEncode requires string bytes to be less than or equal to 0x00FF.");
        if (byte !== void 0 && byte <= 255) {
          bytes[i++] = byte;
        }
      }
      return bytes;
    }
    function isASCIIString(str) {
      return /^[\u0000-\u007F]*$/.test(str);
    }
    function asciiLowercase(str) {
      let result = "";
      for (const c of str) {
        const code = c.codePointAt(0);
        if (code !== void 0 && code >= 65 && code <= 90) {
          result += String.fromCodePoint(code + 32);
        } else {
          result += c;
        }
      }
      return result;
    }
    function asciiUppercase(str) {
      let result = "";
      for (const c of str) {
        const code = c.codePointAt(0);
        if (code !== void 0 && code >= 97 && code <= 122) {
          result += String.fromCodePoint(code - 32);
        } else {
          result += c;
        }
      }
      return result;
    }
    function asciiCaseInsensitiveMatch(a, b) {
      return asciiLowercase(a) === asciiLowercase(b);
    }
    function asciiEncode(str) {
      console.assert(isASCIIString(str), "asciiEncode requires an ASCII string.");
      return isomorphicEncode(str);
    }
    function asciiDecode(bytes) {
      for (const byte of bytes) {
        console.assert((0, Byte_1.isASCIIByte)(byte), "asciiDecode requires an ASCII byte sequence.");
      }
      return (0, ByteSequence_1.isomorphicDecode)(bytes);
    }
    function stripNewlines(str) {
      return str.replace(/[\n\r]/g, "");
    }
    function normalizeNewlines(str) {
      return str.replace(/\r\n/g, "\n").replace(/\r/g, "\n");
    }
    function stripLeadingAndTrailingASCIIWhitespace(str) {
      return str.replace(/^[\t\n\f\r ]+/, "").replace(/[\t\n\f\r ]+$/, "");
    }
    function stripAndCollapseASCIIWhitespace(str) {
      return stripLeadingAndTrailingASCIIWhitespace(str.replace(/[\t\n\f\r ]{2,}/g, " "));
    }
    function collectASequenceOfCodePoints(condition, input, options2) {
      if (!(0, util_1.isArray)(input))
        return collectASequenceOfCodePoints(condition, Array.from(input), options2);
      let result = "";
      while (options2.position < input.length && !!condition.call(null, input[options2.position])) {
        result += input[options2.position];
        options2.position++;
      }
      return result;
    }
    function skipASCIIWhitespace(input, options2) {
      collectASequenceOfCodePoints((str) => CodePoints_1.ASCIIWhiteSpace.test(str), input, options2);
    }
    function strictlySplit(input, delimiter) {
      if (!(0, util_1.isArray)(input))
        return strictlySplit(Array.from(input), delimiter);
      const options2 = { position: 0 };
      const tokens = [];
      let token = collectASequenceOfCodePoints((str) => delimiter !== str, input, options2);
      tokens.push(token);
      while (options2.position < input.length) {
        console.assert(input[options2.position] === delimiter, "strictlySplit found no delimiter in input string.");
        options2.position++;
        token = collectASequenceOfCodePoints((str) => delimiter !== str, input, options2);
        tokens.push(token);
      }
      return tokens;
    }
    function splitAStringOnASCIIWhitespace(input) {
      if (!(0, util_1.isArray)(input))
        return splitAStringOnASCIIWhitespace(Array.from(input));
      const options2 = { position: 0 };
      const tokens = [];
      skipASCIIWhitespace(input, options2);
      while (options2.position < input.length) {
        const token = collectASequenceOfCodePoints((str) => !CodePoints_1.ASCIIWhiteSpace.test(str), input, options2);
        tokens.push(token);
        skipASCIIWhitespace(input, options2);
      }
      return tokens;
    }
    function splitAStringOnCommas(input) {
      if (!(0, util_1.isArray)(input))
        return splitAStringOnCommas(Array.from(input));
      const options2 = { position: 0 };
      const tokens = [];
      while (options2.position < input.length) {
        const token = collectASequenceOfCodePoints((str) => str !== ",", input, options2);
        tokens.push(stripLeadingAndTrailingASCIIWhitespace(token));
        if (options2.position < input.length) {
          console.assert(input[options2.position] === ",", "splitAStringOnCommas found no delimiter in input string.");
          options2.position++;
        }
      }
      return tokens;
    }
    function concatenate(list, separator = "") {
      if (list.length === 0)
        return "";
      return list.join(separator);
    }
  }
});

// node_modules/@oozcitak/infra/lib/index.js
var require_lib2 = __commonJS({
  "node_modules/@oozcitak/infra/lib/index.js"(exports2) {
    "use strict";
    var __createBinding = exports2 && exports2.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __setModuleDefault = exports2 && exports2.__setModuleDefault || (Object.create ? (function(o, v) {
      Object.defineProperty(o, "default", { enumerable: true, value: v });
    }) : function(o, v) {
      o["default"] = v;
    });
    var __importStar = exports2 && exports2.__importStar || /* @__PURE__ */ (function() {
      var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function(o2) {
          var ar = [];
          for (var k in o2) if (Object.prototype.hasOwnProperty.call(o2, k)) ar[ar.length] = k;
          return ar;
        };
        return ownKeys(o);
      };
      return function(mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) {
          for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        }
        __setModuleDefault(result, mod);
        return result;
      };
    })();
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.string = exports2.stack = exports2.set = exports2.queue = exports2.namespace = exports2.map = exports2.list = exports2.json = exports2.codePoint = exports2.byteSequence = exports2.byte = exports2.base64 = void 0;
    var base64 = __importStar(require_Base64());
    exports2.base64 = base64;
    var byte = __importStar(require_Byte());
    exports2.byte = byte;
    var byteSequence = __importStar(require_ByteSequence());
    exports2.byteSequence = byteSequence;
    var codePoint = __importStar(require_CodePoints());
    exports2.codePoint = codePoint;
    var json = __importStar(require_JSON());
    exports2.json = json;
    var list = __importStar(require_List());
    exports2.list = list;
    var map = __importStar(require_Map());
    exports2.map = map;
    var namespace = __importStar(require_Namespace());
    exports2.namespace = namespace;
    var queue = __importStar(require_Queue());
    exports2.queue = queue;
    var set = __importStar(require_Set());
    exports2.set = set;
    var stack = __importStar(require_Stack());
    exports2.stack = stack;
    var string = __importStar(require_String());
    exports2.string = string;
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/WebIDLAlgorithm.js
var require_WebIDLAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/WebIDLAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.idl_defineConst = idl_defineConst;
    function idl_defineConst(o, name, value) {
      Object.defineProperty(o, name, { writable: false, enumerable: true, configurable: false, value });
    }
  }
});

// node_modules/@oozcitak/dom/lib/dom/DOMImplementationImpl.js
var require_DOMImplementationImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/DOMImplementationImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.DOMImplementationImpl = void 0;
    var DOMImpl_1 = require_DOMImpl();
    var infra_1 = require_lib2();
    var algorithm_1 = require_algorithm();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var DOMImplementationImpl = class _DOMImplementationImpl {
      _ID = "@oozcitak/dom";
      _associatedDocument;
      /**
       * Initializes a new instance of `DOMImplementation`.
       *
       * @param document - the associated document
       */
      constructor(document) {
        this._associatedDocument = document || DOMImpl_1.dom.window.document;
      }
      /** @inheritdoc */
      createDocumentType(qualifiedName, publicId, systemId) {
        (0, algorithm_1.namespace_validate)(qualifiedName);
        return (0, algorithm_1.create_documentType)(this._associatedDocument, qualifiedName, publicId, systemId);
      }
      /** @inheritdoc */
      createDocument(namespace, qualifiedName, doctype = null) {
        const document = (0, algorithm_1.create_xmlDocument)();
        let element = null;
        if (qualifiedName) {
          element = (0, algorithm_1.document_internalCreateElementNS)(document, namespace, qualifiedName);
        }
        if (doctype)
          document.appendChild(doctype);
        if (element)
          document.appendChild(element);
        document._origin = this._associatedDocument._origin;
        if (namespace === infra_1.namespace.HTML)
          document._contentType = "application/xhtml+xml";
        else if (namespace === infra_1.namespace.SVG)
          document._contentType = "image/svg+xml";
        else
          document._contentType = "application/xml";
        return document;
      }
      /** @inheritdoc */
      createHTMLDocument(title) {
        const doc = (0, algorithm_1.create_document)();
        doc._type = "html";
        doc._contentType = "text/html";
        doc.appendChild((0, algorithm_1.create_documentType)(doc, "html", "", ""));
        const htmlElement = (0, algorithm_1.element_createAnElement)(doc, "html", infra_1.namespace.HTML);
        doc.appendChild(htmlElement);
        const headElement = (0, algorithm_1.element_createAnElement)(doc, "head", infra_1.namespace.HTML);
        htmlElement.appendChild(headElement);
        if (title !== void 0) {
          const titleElement = (0, algorithm_1.element_createAnElement)(doc, "title", infra_1.namespace.HTML);
          headElement.appendChild(titleElement);
          const textElement = (0, algorithm_1.create_text)(doc, title);
          titleElement.appendChild(textElement);
        }
        const bodyElement = (0, algorithm_1.element_createAnElement)(doc, "body", infra_1.namespace.HTML);
        htmlElement.appendChild(bodyElement);
        doc._origin = this._associatedDocument._origin;
        return doc;
      }
      /** @inheritdoc */
      hasFeature() {
        return true;
      }
      /**
       * Creates a new `DOMImplementation`.
       *
       * @param document - owner document
       */
      static _create(document) {
        return new _DOMImplementationImpl(document);
      }
    };
    exports2.DOMImplementationImpl = DOMImplementationImpl;
    (0, WebIDLAlgorithm_1.idl_defineConst)(DOMImplementationImpl.prototype, "_ID", "@oozcitak/dom");
  }
});

// node_modules/@oozcitak/dom/lib/dom/DOMException.js
var require_DOMException = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/DOMException.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.InvalidCharacterError = exports2.SyntaxError = exports2.IndexSizeError = exports2.NotFoundError = exports2.HierarchyRequestError = exports2.NotImplementedError = exports2.DataCloneError = exports2.InvalidNodeTypeError = exports2.TimeoutError = exports2.QuotaExceededError = exports2.URLMismatchError = exports2.AbortError = exports2.NetworkError = exports2.SecurityError = exports2.TypeMismatchError = exports2.ValidationError = exports2.InvalidAccessError = exports2.NamespaceError = exports2.InvalidModificationError = exports2.InvalidStateError = exports2.InUseAttributeError = exports2.NotSupportedError = exports2.NoModificationAllowedError = exports2.NoDataAllowedError = exports2.WrongDocumentError = exports2.DOMStringSizeError = exports2.DOMException = void 0;
    var DOMException = class extends Error {
      /**
       * Returns the name of the error message.
       */
      name;
      /**
       *
       * @param name - message name
       * @param message - error message
       */
      constructor(name, message = "") {
        super(message);
        this.name = name;
      }
    };
    exports2.DOMException = DOMException;
    var DOMStringSizeError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("DOMStringSizeError", message);
      }
    };
    exports2.DOMStringSizeError = DOMStringSizeError;
    var WrongDocumentError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("WrongDocumentError", "The object is in the wrong document. " + message);
      }
    };
    exports2.WrongDocumentError = WrongDocumentError;
    var NoDataAllowedError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("NoDataAllowedError", message);
      }
    };
    exports2.NoDataAllowedError = NoDataAllowedError;
    var NoModificationAllowedError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("NoModificationAllowedError", "The object can not be modified. " + message);
      }
    };
    exports2.NoModificationAllowedError = NoModificationAllowedError;
    var NotSupportedError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("NotSupportedError", "The operation is not supported. " + message);
      }
    };
    exports2.NotSupportedError = NotSupportedError;
    var InUseAttributeError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("InUseAttributeError", message);
      }
    };
    exports2.InUseAttributeError = InUseAttributeError;
    var InvalidStateError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("InvalidStateError", "The object is in an invalid state. " + message);
      }
    };
    exports2.InvalidStateError = InvalidStateError;
    var InvalidModificationError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("InvalidModificationError", "The object can not be modified in this way. " + message);
      }
    };
    exports2.InvalidModificationError = InvalidModificationError;
    var NamespaceError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("NamespaceError", "The operation is not allowed by Namespaces in XML. [XMLNS] " + message);
      }
    };
    exports2.NamespaceError = NamespaceError;
    var InvalidAccessError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("InvalidAccessError", "The object does not support the operation or argument. " + message);
      }
    };
    exports2.InvalidAccessError = InvalidAccessError;
    var ValidationError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("ValidationError", message);
      }
    };
    exports2.ValidationError = ValidationError;
    var TypeMismatchError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("TypeMismatchError", message);
      }
    };
    exports2.TypeMismatchError = TypeMismatchError;
    var SecurityError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("SecurityError", "The operation is insecure. " + message);
      }
    };
    exports2.SecurityError = SecurityError;
    var NetworkError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("NetworkError", "A network error occurred. " + message);
      }
    };
    exports2.NetworkError = NetworkError;
    var AbortError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("AbortError", "The operation was aborted. " + message);
      }
    };
    exports2.AbortError = AbortError;
    var URLMismatchError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("URLMismatchError", "The given URL does not match another URL. " + message);
      }
    };
    exports2.URLMismatchError = URLMismatchError;
    var QuotaExceededError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("QuotaExceededError", "The quota has been exceeded. " + message);
      }
    };
    exports2.QuotaExceededError = QuotaExceededError;
    var TimeoutError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("TimeoutError", "The operation timed out. " + message);
      }
    };
    exports2.TimeoutError = TimeoutError;
    var InvalidNodeTypeError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("InvalidNodeTypeError", "The supplied node is incorrect or has an incorrect ancestor for this operation. " + message);
      }
    };
    exports2.InvalidNodeTypeError = InvalidNodeTypeError;
    var DataCloneError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("DataCloneError", "The object can not be cloned. " + message);
      }
    };
    exports2.DataCloneError = DataCloneError;
    var NotImplementedError = class extends DOMException {
      /**
      * @param message - error message
      */
      constructor(message = "") {
        super("NotImplementedError", "The DOM method is not implemented by this module. " + message);
      }
    };
    exports2.NotImplementedError = NotImplementedError;
    var HierarchyRequestError = class extends DOMException {
      /**
       * @param message - error message
       */
      constructor(message = "") {
        super("HierarchyRequestError", "The operation would yield an incorrect node tree. " + message);
      }
    };
    exports2.HierarchyRequestError = HierarchyRequestError;
    var NotFoundError = class extends DOMException {
      /**
       * @param message - error message
       */
      constructor(message = "") {
        super("NotFoundError", "The object can not be found here. " + message);
      }
    };
    exports2.NotFoundError = NotFoundError;
    var IndexSizeError = class extends DOMException {
      /**
       * @param message - error message
       */
      constructor(message = "") {
        super("IndexSizeError", "The index is not in the allowed range. " + message);
      }
    };
    exports2.IndexSizeError = IndexSizeError;
    var SyntaxError = class extends DOMException {
      /**
       * @param message - error message
       */
      constructor(message = "") {
        super("SyntaxError", "The string did not match the expected pattern. " + message);
      }
    };
    exports2.SyntaxError = SyntaxError;
    var InvalidCharacterError = class extends DOMException {
      /**
       * @param message - error message
       */
      constructor(message = "") {
        super("InvalidCharacterError", "The string contains invalid characters. " + message);
      }
    };
    exports2.InvalidCharacterError = InvalidCharacterError;
  }
});

// node_modules/@oozcitak/dom/lib/util/Guard.js
var require_Guard = __commonJS({
  "node_modules/@oozcitak/dom/lib/util/Guard.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.Guard = void 0;
    var interfaces_1 = require_interfaces2();
    var Guard = class _Guard {
      /**
       * Determines if the given object is a `Node`.
       *
       * @param a - the object to check
       */
      static isNode(a) {
        return !!a && a._nodeType !== void 0;
      }
      /**
       * Determines if the given object is a `Document`.
       *
       * @param a - the object to check
       */
      static isDocumentNode(a) {
        return _Guard.isNode(a) && a._nodeType === interfaces_1.NodeType.Document;
      }
      /**
       * Determines if the given object is a `DocumentType`.
       *
       * @param a - the object to check
       */
      static isDocumentTypeNode(a) {
        return _Guard.isNode(a) && a._nodeType === interfaces_1.NodeType.DocumentType;
      }
      /**
       * Determines if the given object is a `DocumentFragment`.
       *
       * @param a - the object to check
       */
      static isDocumentFragmentNode(a) {
        return _Guard.isNode(a) && a._nodeType === interfaces_1.NodeType.DocumentFragment;
      }
      /**
       * Determines if the given object is a `Attr`.
       *
       * @param a - the object to check
       */
      static isAttrNode(a) {
        return _Guard.isNode(a) && a._nodeType === interfaces_1.NodeType.Attribute;
      }
      /**
       * Determines if the given node is a `CharacterData` node.
       *
       * @param a - the object to check
       */
      static isCharacterDataNode(a) {
        if (!_Guard.isNode(a))
          return false;
        const type = a._nodeType;
        return type === interfaces_1.NodeType.Text || type === interfaces_1.NodeType.ProcessingInstruction || type === interfaces_1.NodeType.Comment || type === interfaces_1.NodeType.CData;
      }
      /**
       * Determines if the given object is a `Text` or a `CDATASection`.
       *
       * @param a - the object to check
       */
      static isTextNode(a) {
        return _Guard.isNode(a) && (a._nodeType === interfaces_1.NodeType.Text || a._nodeType === interfaces_1.NodeType.CData);
      }
      /**
       * Determines if the given object is a `Text`.
       *
       * @param a - the object to check
       */
      static isExclusiveTextNode(a) {
        return _Guard.isNode(a) && a._nodeType === interfaces_1.NodeType.Text;
      }
      /**
       * Determines if the given object is a `CDATASection`.
       *
       * @param a - the object to check
       */
      static isCDATASectionNode(a) {
        return _Guard.isNode(a) && a._nodeType === interfaces_1.NodeType.CData;
      }
      /**
       * Determines if the given object is a `Comment`.
       *
       * @param a - the object to check
       */
      static isCommentNode(a) {
        return _Guard.isNode(a) && a._nodeType === interfaces_1.NodeType.Comment;
      }
      /**
       * Determines if the given object is a `ProcessingInstruction`.
       *
       * @param a - the object to check
       */
      static isProcessingInstructionNode(a) {
        return _Guard.isNode(a) && a._nodeType === interfaces_1.NodeType.ProcessingInstruction;
      }
      /**
       * Determines if the given object is an `Element`.
       *
       * @param a - the object to check
       */
      static isElementNode(a) {
        return _Guard.isNode(a) && a._nodeType === interfaces_1.NodeType.Element;
      }
      /**
       * Determines if the given object is a custom `Element`.
       *
       * @param a - the object to check
       */
      static isCustomElementNode(a) {
        return _Guard.isElementNode(a) && a._customElementState === "custom";
      }
      /**
       * Determines if the given object is a `ShadowRoot`.
       *
       * @param a - the object to check
       */
      static isShadowRoot(a) {
        return !!a && a.host !== void 0;
      }
      /**
       * Determines if the given object is a `MouseEvent`.
       *
       * @param a - the object to check
       */
      static isMouseEvent(a) {
        return !!a && a.screenX !== void 0 && a.screenY != void 0;
      }
      /**
       * Determines if the given object is a slotable.
       *
       * Element and Text nodes are slotables. A slotable has an associated name
       * (a string).
       *
       * @param a - the object to check
       */
      static isSlotable(a) {
        return !!a && a._name !== void 0 && a._assignedSlot !== void 0 && (_Guard.isTextNode(a) || _Guard.isElementNode(a));
      }
      /**
       * Determines if the given object is a slot.
       *
       * @param a - the object to check
       */
      static isSlot(a) {
        return !!a && a._name !== void 0 && a._assignedNodes !== void 0 && _Guard.isElementNode(a);
      }
      /**
       * Determines if the given object is a `Window`.
       *
       * @param a - the object to check
       */
      static isWindow(a) {
        return !!a && a.navigator !== void 0;
      }
      /**
       * Determines if the given object is an `EventListener`.
       *
       * @param a - the object to check
       */
      static isEventListener(a) {
        return !!a && a.handleEvent !== void 0;
      }
      /**
       * Determines if the given object is a `RegisteredObserver`.
       *
       * @param a - the object to check
       */
      static isRegisteredObserver(a) {
        return !!a && a.observer !== void 0 && a.options !== void 0;
      }
      /**
      * Determines if the given object is a `TransientRegisteredObserver`.
      *
      * @param a - the object to check
      */
      static isTransientRegisteredObserver(a) {
        return !!a && a.source !== void 0 && _Guard.isRegisteredObserver(a);
      }
    };
    exports2.Guard = Guard;
  }
});

// node_modules/@oozcitak/dom/lib/util/Cast.js
var require_Cast = __commonJS({
  "node_modules/@oozcitak/dom/lib/util/Cast.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.Cast = void 0;
    var Guard_1 = require_Guard();
    var Cast = class {
      /**
       * Casts the given object to a `Node`.
       *
       * @param a - the object to cast
       */
      static asNode(a) {
        if (Guard_1.Guard.isNode(a)) {
          return a;
        } else {
          throw new Error("Invalid object. Node expected.");
        }
      }
    };
    exports2.Cast = Cast;
  }
});

// node_modules/@oozcitak/dom/lib/util/EmptySet.js
var require_EmptySet = __commonJS({
  "node_modules/@oozcitak/dom/lib/util/EmptySet.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.EmptySet = void 0;
    var EmptySet = class {
      get size() {
        return 0;
      }
      add(value) {
        throw new Error("Cannot add to an empty set.");
      }
      clear() {
      }
      delete(value) {
        return false;
      }
      forEach(callbackfn, thisArg) {
      }
      has(value) {
        return false;
      }
      [Symbol.iterator]() {
        return new EmptySetIterator();
      }
      entries() {
        return new EmptySetIterator();
      }
      keys() {
        return new EmptySetIterator();
      }
      values() {
        return new EmptySetIterator();
      }
      get [Symbol.toStringTag]() {
        return "EmptySet";
      }
    };
    exports2.EmptySet = EmptySet;
    var EmptySetIterator = class {
      [Symbol.iterator]() {
        return this;
      }
      next() {
        return { done: true, value: null };
      }
    };
  }
});

// node_modules/@oozcitak/dom/lib/util/index.js
var require_util = __commonJS({
  "node_modules/@oozcitak/dom/lib/util/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.EmptySet = exports2.Guard = exports2.Cast = void 0;
    var Cast_1 = require_Cast();
    Object.defineProperty(exports2, "Cast", { enumerable: true, get: function() {
      return Cast_1.Cast;
    } });
    var Guard_1 = require_Guard();
    Object.defineProperty(exports2, "Guard", { enumerable: true, get: function() {
      return Guard_1.Guard;
    } });
    var EmptySet_1 = require_EmptySet();
    Object.defineProperty(exports2, "EmptySet", { enumerable: true, get: function() {
      return EmptySet_1.EmptySet;
    } });
  }
});

// node_modules/@oozcitak/dom/lib/dom/EventTargetImpl.js
var require_EventTargetImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/EventTargetImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.EventTargetImpl = void 0;
    var DOMException_1 = require_DOMException();
    var util_1 = require_util();
    var algorithm_1 = require_algorithm();
    var EventTargetImpl = class {
      __eventListenerList;
      get _eventListenerList() {
        return this.__eventListenerList || (this.__eventListenerList = []);
      }
      __eventHandlerMap;
      get _eventHandlerMap() {
        return this.__eventHandlerMap || (this.__eventHandlerMap = {});
      }
      /**
       * Initializes a new instance of `EventTarget`.
       */
      constructor() {
      }
      /** @inheritdoc */
      addEventListener(type, callback, options2 = { passive: false, once: false, capture: false }) {
        const [capture, passive, once] = (0, algorithm_1.eventTarget_flattenMore)(options2);
        let listenerCallback;
        if (!callback) {
          return;
        } else if (util_1.Guard.isEventListener(callback)) {
          listenerCallback = callback;
        } else {
          listenerCallback = { handleEvent: callback };
        }
        (0, algorithm_1.eventTarget_addEventListener)(this, {
          type,
          callback: listenerCallback,
          capture,
          passive,
          once,
          removed: false
        });
      }
      /** @inheritdoc */
      removeEventListener(type, callback, options2 = { capture: false }) {
        const capture = (0, algorithm_1.eventTarget_flatten)(options2);
        if (!callback)
          return;
        for (let i = 0; i < this._eventListenerList.length; i++) {
          const entry = this._eventListenerList[i];
          if (entry.type !== type || entry.capture !== capture)
            continue;
          if (util_1.Guard.isEventListener(callback) && entry.callback === callback) {
            (0, algorithm_1.eventTarget_removeEventListener)(this, entry, i);
            break;
          } else if (callback && entry.callback.handleEvent === callback) {
            (0, algorithm_1.eventTarget_removeEventListener)(this, entry, i);
            break;
          }
        }
      }
      /** @inheritdoc */
      dispatchEvent(event) {
        if (event._dispatchFlag || !event._initializedFlag) {
          throw new DOMException_1.InvalidStateError();
        }
        event._isTrusted = false;
        return (0, algorithm_1.event_dispatch)(event, this);
      }
      /** @inheritdoc */
      _getTheParent(event) {
        return null;
      }
    };
    exports2.EventTargetImpl = EventTargetImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/WindowImpl.js
var require_WindowImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/WindowImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.WindowImpl = void 0;
    var EventTargetImpl_1 = require_EventTargetImpl();
    var util_1 = require_lib();
    var algorithm_1 = require_algorithm();
    var WindowImpl = class _WindowImpl extends EventTargetImpl_1.EventTargetImpl {
      _currentEvent;
      _signalSlots = /* @__PURE__ */ new Set();
      _mutationObserverMicrotaskQueued = false;
      _mutationObservers = /* @__PURE__ */ new Set();
      _associatedDocument;
      _iteratorList = new util_1.FixedSizeSet();
      /**
       * Initializes a new instance of `Window`.
       */
      constructor() {
        super();
        this._associatedDocument = (0, algorithm_1.create_document)();
      }
      /** @inheritdoc */
      get document() {
        return this._associatedDocument;
      }
      /** @inheritdoc */
      get event() {
        return this._currentEvent;
      }
      /**
       * Creates a new window with a blank document.
       */
      static _create() {
        return new _WindowImpl();
      }
    };
    exports2.WindowImpl = WindowImpl;
  }
});

// node_modules/@oozcitak/url/lib/interfaces.js
var require_interfaces3 = __commonJS({
  "node_modules/@oozcitak/url/lib/interfaces.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.OpaqueOrigin = exports2.ParserState = void 0;
    var ParserState;
    (function(ParserState2) {
      ParserState2[ParserState2["SchemeStart"] = 0] = "SchemeStart";
      ParserState2[ParserState2["Scheme"] = 1] = "Scheme";
      ParserState2[ParserState2["NoScheme"] = 2] = "NoScheme";
      ParserState2[ParserState2["SpecialRelativeOrAuthority"] = 3] = "SpecialRelativeOrAuthority";
      ParserState2[ParserState2["PathOrAuthority"] = 4] = "PathOrAuthority";
      ParserState2[ParserState2["Relative"] = 5] = "Relative";
      ParserState2[ParserState2["RelativeSlash"] = 6] = "RelativeSlash";
      ParserState2[ParserState2["SpecialAuthoritySlashes"] = 7] = "SpecialAuthoritySlashes";
      ParserState2[ParserState2["SpecialAuthorityIgnoreSlashes"] = 8] = "SpecialAuthorityIgnoreSlashes";
      ParserState2[ParserState2["Authority"] = 9] = "Authority";
      ParserState2[ParserState2["Host"] = 10] = "Host";
      ParserState2[ParserState2["Hostname"] = 11] = "Hostname";
      ParserState2[ParserState2["Port"] = 12] = "Port";
      ParserState2[ParserState2["File"] = 13] = "File";
      ParserState2[ParserState2["FileSlash"] = 14] = "FileSlash";
      ParserState2[ParserState2["FileHost"] = 15] = "FileHost";
      ParserState2[ParserState2["PathStart"] = 16] = "PathStart";
      ParserState2[ParserState2["Path"] = 17] = "Path";
      ParserState2[ParserState2["CannotBeABaseURLPath"] = 18] = "CannotBeABaseURLPath";
      ParserState2[ParserState2["Query"] = 19] = "Query";
      ParserState2[ParserState2["Fragment"] = 20] = "Fragment";
    })(ParserState || (exports2.ParserState = ParserState = {}));
    exports2.OpaqueOrigin = ["", "", null, null];
  }
});

// node_modules/@oozcitak/url/lib/URLAlgorithm.js
var require_URLAlgorithm = __commonJS({
  "node_modules/@oozcitak/url/lib/URLAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.setValidationErrorCallback = setValidationErrorCallback;
    exports2.newURL = newURL;
    exports2.isSpecialScheme = isSpecialScheme;
    exports2.isSpecial = isSpecial;
    exports2.defaultPort = defaultPort;
    exports2.includesCredentials = includesCredentials;
    exports2.cannotHaveAUsernamePasswordPort = cannotHaveAUsernamePasswordPort;
    exports2.urlSerializer = urlSerializer;
    exports2.hostSerializer = hostSerializer;
    exports2.iPv4Serializer = iPv4Serializer;
    exports2.iPv6Serializer = iPv6Serializer;
    exports2.urlParser = urlParser;
    exports2.basicURLParser = basicURLParser;
    exports2.setTheUsername = setTheUsername;
    exports2.setThePassword = setThePassword;
    exports2.isSingleDotPathSegment = isSingleDotPathSegment;
    exports2.isDoubleDotPathSegment = isDoubleDotPathSegment;
    exports2.shorten = shorten;
    exports2.isNormalizedWindowsDriveLetter = isNormalizedWindowsDriveLetter;
    exports2.isWindowsDriveLetter = isWindowsDriveLetter;
    exports2.startsWithAWindowsDriveLetter = startsWithAWindowsDriveLetter;
    exports2.hostParser = hostParser;
    exports2.iPv4NumberParser = iPv4NumberParser;
    exports2.iPv4Parser = iPv4Parser;
    exports2.iPv6Parser = iPv6Parser;
    exports2.opaqueHostParser = opaqueHostParser;
    exports2.resolveABlobURL = resolveABlobURL;
    exports2.percentEncode = percentEncode;
    exports2.percentDecode = percentDecode;
    exports2.stringPercentDecode = stringPercentDecode;
    exports2.utf8PercentEncode = utf8PercentEncode;
    exports2.hostEquals = hostEquals;
    exports2.urlEquals = urlEquals;
    exports2.urlEncodedStringParser = urlEncodedStringParser;
    exports2.urlEncodedParser = urlEncodedParser;
    exports2.urlEncodedByteSerializer = urlEncodedByteSerializer;
    exports2.urlEncodedSerializer = urlEncodedSerializer;
    exports2.origin = origin;
    exports2.domainToASCII = domainToASCII;
    exports2.domainToUnicode = domainToUnicode;
    exports2.asciiSerializationOfAnOrigin = asciiSerializationOfAnOrigin;
    var util_1 = require_lib();
    var interfaces_1 = require_interfaces3();
    var infra_1 = require_lib2();
    var url_1 = require("url");
    var _validationErrorCallback;
    var _defaultPorts = {
      "ftp": 21,
      "file": null,
      "http": 80,
      "https": 443,
      "ws": 80,
      "wss": 443
    };
    var _c0ControlPercentEncodeSet = /[\0-\x1F\x7F-\uD7FF\uE000-\uFFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
    var _fragmentPercentEncodeSet = /[ "<>`]|[\0-\x1F\x7F-\uD7FF\uE000-\uFFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
    var _pathPercentEncodeSet = /[ "<>`#?{}]|[\0-\x1F\x7F-\uD7FF\uE000-\uFFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
    var _userInfoPercentEncodeSet = /[ "<>`#?{}/:;=@\[\]\\\^\|]|[\0-\x1F\x7F-\uD7FF\uE000-\uFFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
    var _urlCodePoints = /[0-9A-Za-z!\$&-\/:;=\?@_~\xA0-\uD7FF\uE000-\uFDCF\uFDF0-\uFFFD]|[\uD800-\uD83E\uD840-\uD87E\uD880-\uD8BE\uD8C0-\uD8FE\uD900-\uD93E\uD940-\uD97E\uD980-\uD9BE\uD9C0-\uD9FE\uDA00-\uDA3E\uDA40-\uDA7E\uDA80-\uDABE\uDAC0-\uDAFE\uDB00-\uDB3E\uDB40-\uDB7E\uDB80-\uDBBE\uDBC0-\uDBFE][\uDC00-\uDFFF]|[\uD83F\uD87F\uD8BF\uD8FF\uD93F\uD97F\uD9BF\uD9FF\uDA3F\uDA7F\uDABF\uDAFF\uDB3F\uDB7F\uDBBF\uDBFF][\uDC00-\uDFFD]/;
    var _forbiddenHostCodePoint = /[\0\t\f\r #%/:?@\[\\\]]/;
    function setValidationErrorCallback(validationErrorCallback) {
      _validationErrorCallback = validationErrorCallback;
    }
    function validationError(message) {
      if (_validationErrorCallback !== void 0) {
        _validationErrorCallback.call(null, "Validation Error: " + message);
      }
    }
    function newURL() {
      return {
        scheme: "",
        username: "",
        password: "",
        host: null,
        port: null,
        path: [],
        query: null,
        fragment: null,
        _cannotBeABaseURLFlag: false,
        _blobURLEntry: null
      };
    }
    function isSpecialScheme(scheme) {
      return scheme in _defaultPorts;
    }
    function isSpecial(url) {
      return isSpecialScheme(url.scheme);
    }
    function defaultPort(scheme) {
      return _defaultPorts[scheme] || null;
    }
    function includesCredentials(url) {
      return url.username !== "" || url.password !== "";
    }
    function cannotHaveAUsernamePasswordPort(url) {
      return url.host === null || url.host === "" || url._cannotBeABaseURLFlag || url.scheme === "file";
    }
    function urlSerializer(url, excludeFragmentFlag = false) {
      let output = url.scheme + ":";
      if (url.host !== null) {
        output += "//";
        if (includesCredentials(url)) {
          output += url.username;
          if (url.password !== "") {
            output += ":" + url.password;
          }
          output += "@";
        }
        output += hostSerializer(url.host);
        if (url.port !== null) {
          output += ":" + url.port;
        }
      } else if (url.host === null && url.scheme === "file") {
        output += "//";
      }
      if (url._cannotBeABaseURLFlag) {
        output += url.path[0];
      } else {
        for (const str of url.path) {
          output += "/" + str;
        }
      }
      if (url.query !== null) {
        output += "?" + url.query;
      }
      if (!excludeFragmentFlag && url.fragment !== null) {
        output += "#" + url.fragment;
      }
      return output;
    }
    function hostSerializer(host) {
      if ((0, util_1.isNumber)(host)) {
        return iPv4Serializer(host);
      } else if ((0, util_1.isArray)(host)) {
        return "[" + iPv6Serializer(host) + "]";
      } else {
        return host;
      }
    }
    function iPv4Serializer(address) {
      let output = "";
      let n = address;
      for (let i = 1; i <= 4; i++) {
        output = (n % 256).toString() + output;
        if (i !== 4) {
          output = "." + output;
        }
        n = Math.floor(n / 256);
      }
      return output;
    }
    function iPv6Serializer(address) {
      let output = "";
      let compress = null;
      let lastIndex = -1;
      let count = 0;
      let lastCount = 0;
      for (let i = 0; i < 8; i++) {
        if (address[i] !== 0)
          continue;
        count = 1;
        for (let j = i + 1; j < 8; j++) {
          if (address[j] !== 0)
            break;
          count++;
          continue;
        }
        if (count > lastCount) {
          lastCount = count;
          lastIndex = i;
        }
      }
      if (lastCount > 1)
        compress = lastIndex;
      let ignore0 = false;
      for (let pieceIndex = 0; pieceIndex < 8; pieceIndex++) {
        if (ignore0 && address[pieceIndex] === 0)
          continue;
        if (ignore0)
          ignore0 = false;
        if (compress === pieceIndex) {
          output += pieceIndex === 0 ? "::" : ":";
          ignore0 = true;
          continue;
        }
        output += address[pieceIndex].toString(16);
        if (pieceIndex !== 7)
          output += ":";
      }
      return output;
    }
    function urlParser(input, baseURL, encodingOverride) {
      const url = basicURLParser(input, baseURL, encodingOverride);
      if (url === null)
        return null;
      if (url.scheme !== "blob")
        return url;
      const entry = resolveABlobURL(url);
      if (entry !== null) {
        url._blobURLEntry = entry;
      } else {
        url._blobURLEntry = null;
      }
      return url;
    }
    function basicURLParser(input, baseURL, encodingOverride, url, stateOverride) {
      if (url === void 0) {
        url = newURL();
        const leadingControlOrSpace = /^[\u0000-\u001F\u0020]+/;
        const trailingControlOrSpace = /[\u0000-\u001F\u0020]+$/;
        if (leadingControlOrSpace.test(input) || trailingControlOrSpace.test(input)) {
          validationError("Input string contains leading or trailing control characters or space.");
        }
        input = input.replace(leadingControlOrSpace, "");
        input = input.replace(trailingControlOrSpace, "");
      }
      const tabOrNewline = /[\u0009\u000A\u000D]/g;
      if (tabOrNewline.test(input)) {
        validationError("Input string contains tab or newline characters.");
      }
      input = input.replace(tabOrNewline, "");
      let state = stateOverride === void 0 ? interfaces_1.ParserState.SchemeStart : stateOverride;
      if (baseURL === void 0)
        baseURL = null;
      let encoding = encodingOverride === void 0 || encodingOverride === "replacement" || encodingOverride === "UTF-16BE" || encodingOverride === "UTF-16LE" ? "UTF-8" : encodingOverride;
      let buffer = "";
      let atFlag = false;
      let arrayFlag = false;
      let passwordTokenSeenFlag = false;
      const EOF = "";
      const walker = new util_1.StringWalker(input);
      while (true) {
        switch (state) {
          case interfaces_1.ParserState.SchemeStart:
            if (infra_1.codePoint.ASCIIAlpha.test(walker.c())) {
              buffer += walker.c().toLowerCase();
              state = interfaces_1.ParserState.Scheme;
            } else if (stateOverride === void 0) {
              state = interfaces_1.ParserState.NoScheme;
              walker.pointer--;
            } else {
              validationError("Invalid scheme start character.");
              return null;
            }
            break;
          case interfaces_1.ParserState.Scheme:
            if (infra_1.codePoint.ASCIIAlphanumeric.test(walker.c()) || walker.c() === "+" || walker.c() === "-" || walker.c() === ".") {
              buffer += walker.c().toLowerCase();
            } else if (walker.c() === ":") {
              if (stateOverride !== void 0) {
                if (isSpecialScheme(url.scheme) && !isSpecialScheme(buffer))
                  return url;
                if (!isSpecialScheme(url.scheme) && isSpecialScheme(buffer))
                  return url;
                if ((includesCredentials(url) || url.port !== null) && buffer === "file")
                  return url;
                if (url.scheme === "file" && (url.host === "" || url.host === null))
                  return url;
              }
              url.scheme = buffer;
              if (stateOverride !== void 0) {
                if (url.port === defaultPort(url.scheme)) {
                  url.port = null;
                }
                return url;
              }
              buffer = "";
              if (url.scheme === "file") {
                if (!walker.remaining().startsWith("//")) {
                  validationError("Invalid file URL scheme, '//' expected.");
                }
                state = interfaces_1.ParserState.File;
              } else if (isSpecial(url) && baseURL !== null && baseURL.scheme === url.scheme) {
                state = interfaces_1.ParserState.SpecialRelativeOrAuthority;
              } else if (isSpecial(url)) {
                state = interfaces_1.ParserState.SpecialAuthoritySlashes;
              } else if (walker.remaining().startsWith("/")) {
                state = interfaces_1.ParserState.PathOrAuthority;
                walker.pointer++;
              } else {
                url._cannotBeABaseURLFlag = true;
                url.path.push("");
                state = interfaces_1.ParserState.CannotBeABaseURLPath;
              }
            } else if (stateOverride === void 0) {
              buffer = "";
              state = interfaces_1.ParserState.NoScheme;
              walker.pointer = 0;
              continue;
            } else {
              validationError("Invalid input string.");
              return null;
            }
            break;
          case interfaces_1.ParserState.NoScheme:
            if (baseURL === null || baseURL._cannotBeABaseURLFlag && walker.c() !== "#") {
              validationError("Invalid input string.");
              return null;
            } else if (baseURL._cannotBeABaseURLFlag && walker.c() === "#") {
              url.scheme = baseURL.scheme;
              url.path = infra_1.list.clone(baseURL.path);
              url.query = baseURL.query;
              url.fragment = "";
              url._cannotBeABaseURLFlag = true;
              state = interfaces_1.ParserState.Fragment;
            } else if (baseURL.scheme !== "file") {
              state = interfaces_1.ParserState.Relative;
              walker.pointer--;
            } else {
              state = interfaces_1.ParserState.File;
              walker.pointer--;
            }
            break;
          case interfaces_1.ParserState.SpecialRelativeOrAuthority:
            if (walker.c() === "/" && walker.remaining().startsWith("/")) {
              state = interfaces_1.ParserState.SpecialAuthorityIgnoreSlashes;
              walker.pointer++;
            } else {
              validationError("Invalid input string.");
              state = interfaces_1.ParserState.Relative;
              walker.pointer--;
            }
            break;
          case interfaces_1.ParserState.PathOrAuthority:
            if (walker.c() === "/") {
              state = interfaces_1.ParserState.Authority;
            } else {
              state = interfaces_1.ParserState.Path;
              walker.pointer--;
            }
            break;
          case interfaces_1.ParserState.Relative:
            if (baseURL === null) {
              throw new Error("Invalid parser state. Base URL is null.");
            }
            url.scheme = baseURL.scheme;
            switch (walker.c()) {
              case EOF:
                url.username = baseURL.username;
                url.password = baseURL.password;
                url.host = baseURL.host;
                url.port = baseURL.port;
                url.path = infra_1.list.clone(baseURL.path);
                url.query = baseURL.query;
                break;
              case "/":
                state = interfaces_1.ParserState.RelativeSlash;
                break;
              case "?":
                url.username = baseURL.username;
                url.password = baseURL.password;
                url.host = baseURL.host;
                url.port = baseURL.port;
                url.path = infra_1.list.clone(baseURL.path);
                url.query = "";
                state = interfaces_1.ParserState.Query;
                break;
              case "#":
                url.username = baseURL.username;
                url.password = baseURL.password;
                url.host = baseURL.host;
                url.port = baseURL.port;
                url.path = infra_1.list.clone(baseURL.path);
                url.query = baseURL.query;
                url.fragment = "";
                state = interfaces_1.ParserState.Fragment;
                break;
              default:
                if (isSpecial(url) && walker.c() === "\\") {
                  validationError("Invalid input string.");
                  state = interfaces_1.ParserState.RelativeSlash;
                } else {
                  url.username = baseURL.username;
                  url.password = baseURL.password;
                  url.host = baseURL.host;
                  url.port = baseURL.port;
                  url.path = infra_1.list.clone(baseURL.path);
                  if (url.path.length !== 0)
                    url.path.splice(url.path.length - 1, 1);
                  state = interfaces_1.ParserState.Path;
                  walker.pointer--;
                }
                break;
            }
            break;
          case interfaces_1.ParserState.RelativeSlash:
            if (isSpecial(url) && (walker.c() === "/" || walker.c() === "\\")) {
              if (walker.c() === "\\") {
                validationError("Invalid input string.");
              }
              state = interfaces_1.ParserState.SpecialAuthorityIgnoreSlashes;
            } else if (walker.c() === "/") {
              state = interfaces_1.ParserState.Authority;
            } else {
              if (baseURL === null) {
                throw new Error("Invalid parser state. Base URL is null.");
              }
              url.username = baseURL.username;
              url.password = baseURL.password;
              url.host = baseURL.host;
              url.port = baseURL.port;
              state = interfaces_1.ParserState.Path;
              walker.pointer--;
            }
            break;
          case interfaces_1.ParserState.SpecialAuthoritySlashes:
            if (walker.c() === "/" && walker.remaining().startsWith("/")) {
              state = interfaces_1.ParserState.SpecialAuthorityIgnoreSlashes;
              walker.pointer++;
            } else {
              validationError("Expected '//'.");
              state = interfaces_1.ParserState.SpecialAuthorityIgnoreSlashes;
              walker.pointer--;
            }
            break;
          case interfaces_1.ParserState.SpecialAuthorityIgnoreSlashes:
            if (walker.c() !== "/" && walker.c() !== "\\") {
              state = interfaces_1.ParserState.Authority;
              walker.pointer--;
            } else {
              validationError("Unexpected '/' or '\\'.");
            }
            break;
          case interfaces_1.ParserState.Authority:
            if (walker.c() === "@") {
              validationError("Unexpected '@'.");
              if (atFlag)
                buffer = "%40" + buffer;
              atFlag = true;
              for (const codePoint of buffer) {
                if (codePoint === ":" && !passwordTokenSeenFlag) {
                  passwordTokenSeenFlag = true;
                  continue;
                }
                const encodedCodePoints = utf8PercentEncode(codePoint, _userInfoPercentEncodeSet);
                if (passwordTokenSeenFlag) {
                  url.password += encodedCodePoints;
                } else {
                  url.username += encodedCodePoints;
                }
              }
              buffer = "";
            } else if (walker.c() === EOF || walker.c() === "/" || walker.c() === "?" || walker.c() === "#" || isSpecial(url) && walker.c() === "\\") {
              if (atFlag && buffer === "") {
                validationError("Invalid input string.");
                return null;
              }
              walker.pointer -= buffer.length + 1;
              buffer = "";
              state = interfaces_1.ParserState.Host;
            } else {
              buffer += walker.c();
            }
            break;
          case interfaces_1.ParserState.Host:
          case interfaces_1.ParserState.Hostname:
            if (stateOverride !== void 0 && url.scheme === "file") {
              walker.pointer--;
              state = interfaces_1.ParserState.FileHost;
            } else if (walker.c() === ":" && !arrayFlag) {
              if (buffer === "") {
                validationError("Invalid input string.");
                return null;
              }
              const host = hostParser(buffer, !isSpecial(url));
              if (host === null)
                return null;
              url.host = host;
              buffer = "";
              state = interfaces_1.ParserState.Port;
              if (stateOverride === interfaces_1.ParserState.Hostname)
                return url;
            } else if (walker.c() === EOF || walker.c() === "/" || walker.c() === "?" || walker.c() === "#" || isSpecial(url) && walker.c() === "\\") {
              walker.pointer--;
              if (isSpecial(url) && buffer === "") {
                validationError("Invalid input string.");
                return null;
              } else if (stateOverride !== void 0 && buffer === "" && (includesCredentials(url) || url.port !== null)) {
                validationError("Invalid input string.");
                return url;
              }
              const host = hostParser(buffer, !isSpecial(url));
              if (host === null)
                return null;
              url.host = host;
              buffer = "";
              state = interfaces_1.ParserState.PathStart;
              if (stateOverride !== void 0)
                return url;
            } else {
              if (walker.c() === "[")
                arrayFlag = true;
              if (walker.c() === "]")
                arrayFlag = false;
              buffer += walker.c();
            }
            break;
          case interfaces_1.ParserState.Port:
            if (infra_1.codePoint.ASCIIDigit.test(walker.c())) {
              buffer += walker.c();
            } else if (walker.c() === EOF || walker.c() === "/" || walker.c() === "?" || walker.c() === "#" || isSpecial(url) && walker.c() === "\\" || stateOverride) {
              if (buffer !== "") {
                if (buffer !== "") {
                  const port = parseInt(buffer, 10);
                  if (port > Math.pow(2, 16) - 1) {
                    validationError("Invalid port number.");
                    return null;
                  }
                  url.port = port === defaultPort(url.scheme) ? null : port;
                  buffer = "";
                }
              }
              if (stateOverride !== void 0) {
                return url;
              }
              state = interfaces_1.ParserState.PathStart;
              walker.pointer--;
            } else {
              validationError("Invalid input string.");
              return null;
            }
            break;
          case interfaces_1.ParserState.File:
            url.scheme = "file";
            if (walker.c() === "/" || walker.c() === "\\") {
              if (walker.c() === "\\") {
                validationError("Invalid input string.");
              }
              state = interfaces_1.ParserState.FileSlash;
            } else if (baseURL !== null && baseURL.scheme === "file") {
              switch (walker.c()) {
                case EOF:
                  url.host = baseURL.host;
                  url.path = infra_1.list.clone(baseURL.path);
                  url.query = baseURL.query;
                  break;
                case "?":
                  url.host = baseURL.host;
                  url.path = infra_1.list.clone(baseURL.path);
                  url.query = "";
                  state = interfaces_1.ParserState.Query;
                  break;
                case "#":
                  url.host = baseURL.host;
                  url.path = infra_1.list.clone(baseURL.path);
                  url.query = baseURL.query;
                  url.fragment = "";
                  state = interfaces_1.ParserState.Fragment;
                  break;
                default:
                  if (!startsWithAWindowsDriveLetter(walker.substring())) {
                    url.host = baseURL.host;
                    url.path = infra_1.list.clone(baseURL.path);
                    shorten(url);
                  } else {
                    validationError("Unexpected windows drive letter in input string.");
                  }
                  state = interfaces_1.ParserState.Path;
                  walker.pointer--;
                  break;
              }
            } else {
              state = interfaces_1.ParserState.Path;
              walker.pointer--;
            }
            break;
          case interfaces_1.ParserState.FileSlash:
            if (walker.c() === "/" || walker.c() === "\\") {
              if (walker.c() === "\\") {
                validationError("Invalid input string.");
              }
              state = interfaces_1.ParserState.FileHost;
            } else {
              if (baseURL !== null && baseURL.scheme === "file" && !startsWithAWindowsDriveLetter(walker.substring())) {
                if (isNormalizedWindowsDriveLetter(baseURL.path[0])) {
                  url.path.push(baseURL.path[0]);
                } else {
                  url.host = baseURL.host;
                }
              }
              state = interfaces_1.ParserState.Path;
              walker.pointer--;
            }
            break;
          case interfaces_1.ParserState.FileHost:
            if (walker.c() === EOF || walker.c() === "/" || walker.c() === "\\" || walker.c() === "?" || walker.c() === "#") {
              walker.pointer--;
              if (stateOverride === void 0 && isWindowsDriveLetter(buffer)) {
                validationError("Unexpected windows drive letter in input string.");
                state = interfaces_1.ParserState.Path;
              } else if (buffer === "") {
                url.host = "";
                if (stateOverride !== void 0)
                  return url;
                state = interfaces_1.ParserState.PathStart;
              } else {
                let host = hostParser(buffer, !isSpecial(url));
                if (host === null)
                  return null;
                if (host === "localhost")
                  host = "";
                url.host = host;
                if (stateOverride !== void 0)
                  return url;
                buffer = "";
                state = interfaces_1.ParserState.PathStart;
              }
            } else {
              buffer += walker.c();
            }
            break;
          case interfaces_1.ParserState.PathStart:
            if (isSpecial(url)) {
              if (walker.c() === "\\") {
                validationError("Invalid input string.");
              }
              state = interfaces_1.ParserState.Path;
              if (walker.c() !== "/" && walker.c() !== "\\")
                walker.pointer--;
            } else if (stateOverride === void 0 && walker.c() === "?") {
              url.query = "";
              state = interfaces_1.ParserState.Query;
            } else if (stateOverride === void 0 && walker.c() === "#") {
              url.fragment = "";
              state = interfaces_1.ParserState.Fragment;
            } else if (walker.c() !== EOF) {
              state = interfaces_1.ParserState.Path;
              if (walker.c() !== "/")
                walker.pointer--;
            }
            break;
          case interfaces_1.ParserState.Path:
            if (walker.c() === EOF || walker.c() === "/" || isSpecial(url) && walker.c() === "\\" || stateOverride === void 0 && (walker.c() === "?" || walker.c() === "#")) {
              if (isSpecial(url) && walker.c() === "\\") {
                validationError("Invalid input string.");
              }
              if (isDoubleDotPathSegment(buffer)) {
                shorten(url);
                if (walker.c() !== "/" && !(isSpecial(url) && walker.c() === "\\")) {
                  url.path.push("");
                }
              } else if (isSingleDotPathSegment(buffer) && walker.c() !== "/" && !(isSpecial(url) && walker.c() === "\\")) {
                url.path.push("");
              } else if (!isSingleDotPathSegment(buffer)) {
                if (url.scheme === "file" && url.path.length === 0 && isWindowsDriveLetter(buffer)) {
                  if (url.host !== null && url.host !== "") {
                    validationError("Invalid input string.");
                    url.host = "";
                  }
                  const bufferCodePoints = Array.from(buffer);
                  buffer = bufferCodePoints.slice(0, 1) + ":" + bufferCodePoints.slice(2);
                }
                url.path.push(buffer);
              }
              buffer = "";
              if (url.scheme === "file" && (walker.c() === EOF || walker.c() === "?" || walker.c() === "#")) {
                while (url.path.length > 1 && url.path[0] === "") {
                  validationError("Invalid input string.");
                  url.path.splice(0, 1);
                }
              }
              if (walker.c() === "?") {
                url.query = "";
                state = interfaces_1.ParserState.Query;
              }
              if (walker.c() === "#") {
                url.fragment = "";
                state = interfaces_1.ParserState.Fragment;
              }
            } else {
              if (!_urlCodePoints.test(walker.c()) && walker.c() !== "%") {
                validationError("Character is not a URL code point or a percent encoded character.");
              }
              if (walker.c() === "%" && !/^[0-9a-fA-F][0-9a-fA-F]/.test(walker.remaining())) {
                validationError("Percent encoded character must be followed by two hex digits.");
              }
              buffer += utf8PercentEncode(walker.c(), _pathPercentEncodeSet);
            }
            break;
          case interfaces_1.ParserState.CannotBeABaseURLPath:
            if (walker.c() === "?") {
              url.query = "";
              state = interfaces_1.ParserState.Query;
            } else if (walker.c() === "#") {
              url.fragment = "";
              state = interfaces_1.ParserState.Fragment;
            } else {
              if (walker.c() !== EOF && !_urlCodePoints.test(walker.c()) && walker.c() !== "%") {
                validationError("Character is not a URL code point or a percent encoded character.");
              }
              if (walker.c() === "%" && !/^[0-9a-fA-F][0-9a-fA-F]/.test(walker.remaining())) {
                validationError("Percent encoded character must be followed by two hex digits.");
              }
              if (walker.c() !== EOF) {
                url.path[0] += utf8PercentEncode(walker.c(), _c0ControlPercentEncodeSet);
              }
            }
            break;
          case interfaces_1.ParserState.Query:
            if (encoding !== "UTF-8" && (!isSpecial(url) || url.scheme === "ws" || url.scheme === "wss")) {
              encoding = "UTF-8";
            }
            if (stateOverride === void 0 && walker.c() === "#") {
              url.fragment = "";
              state = interfaces_1.ParserState.Fragment;
            } else if (walker.c() !== EOF) {
              if (!_urlCodePoints.test(walker.c()) && walker.c() !== "%") {
                validationError("Character is not a URL code point or a percent encoded character.");
              }
              if (walker.c() === "%" && !/^[0-9a-fA-F][0-9a-fA-F]/.test(walker.remaining())) {
                validationError("Percent encoded character must be followed by two hex digits.");
              }
              if (encoding.toUpperCase() !== "UTF-8") {
                throw new Error("Only UTF-8 encoding is supported.");
              }
              let bytes = (0, util_1.utf8Encode)(walker.c());
              if (bytes.length >= 3 && bytes[0] === 38 && bytes[1] === 35 && bytes[bytes.length - 1] === 59) {
                bytes = bytes.subarray(2, bytes.length - 1);
                url.query += "%26%23" + infra_1.byteSequence.isomorphicDecode(bytes) + "%3B";
              } else {
                for (const byte of bytes) {
                  if (byte < 33 || byte > 126 || byte === 34 || byte === 35 || byte === 60 || byte === 62 || byte === 39 && isSpecial(url)) {
                    url.query += percentEncode(byte);
                  } else {
                    url.query += String.fromCharCode(byte);
                  }
                }
              }
            }
            break;
          case interfaces_1.ParserState.Fragment:
            if (walker.c() === EOF) {
            } else if (walker.c() === "\0") {
              validationError("NULL character in input string.");
            } else {
              if (!_urlCodePoints.test(walker.c()) && walker.c() !== "%") {
                validationError("Unexpected character in fragment string.");
              }
              if (walker.c() === "%" && !/^[A-Za-z0-9][A-Za-z0-9]/.test(walker.remaining())) {
                validationError("Unexpected character in fragment string.");
              }
              url.fragment += utf8PercentEncode(walker.c(), _fragmentPercentEncodeSet);
            }
            break;
        }
        if (walker.eof)
          break;
        else
          walker.pointer++;
      }
      return url;
    }
    function setTheUsername(url, username) {
      let result = "";
      for (const codePoint of username) {
        result += utf8PercentEncode(codePoint, _userInfoPercentEncodeSet);
      }
      url.username = result;
    }
    function setThePassword(url, password) {
      let result = "";
      for (const codePoint of password) {
        result += utf8PercentEncode(codePoint, _userInfoPercentEncodeSet);
      }
      url.password = result;
    }
    function isSingleDotPathSegment(str) {
      return str === "." || str.toLowerCase() === "%2e";
    }
    function isDoubleDotPathSegment(str) {
      const lowerStr = str.toLowerCase();
      return lowerStr === ".." || lowerStr === ".%2e" || lowerStr === "%2e." || lowerStr === "%2e%2e";
    }
    function shorten(url) {
      const path3 = url.path;
      if (path3.length === 0)
        return;
      if (url.scheme === "file" && path3.length === 1 && isNormalizedWindowsDriveLetter(path3[0]))
        return;
      url.path.splice(url.path.length - 1, 1);
    }
    function isNormalizedWindowsDriveLetter(str) {
      return str.length >= 2 && infra_1.codePoint.ASCIIAlpha.test(str[0]) && str[1] === ":";
    }
    function isWindowsDriveLetter(str) {
      return str.length >= 2 && infra_1.codePoint.ASCIIAlpha.test(str[0]) && (str[1] === ":" || str[1] === "|");
    }
    function startsWithAWindowsDriveLetter(str) {
      return str.length >= 2 && isWindowsDriveLetter(str) && (str.length === 2 || (str[2] === "/" || str[2] === "\\" || str[2] === "?" || str[2] === "#"));
    }
    function hostParser(input, isNotSpecial = false) {
      if (input.startsWith("[")) {
        if (!input.endsWith("]")) {
          validationError("Expected ']' after '['.");
          return null;
        }
        return iPv6Parser(input.substring(1, input.length - 1));
      }
      if (isNotSpecial) {
        return opaqueHostParser(input);
      }
      const domain = (0, util_1.utf8Decode)(stringPercentDecode(input));
      const asciiDomain = domainToASCII(domain);
      if (asciiDomain === null) {
        validationError("Invalid domain.");
        return null;
      }
      if (_forbiddenHostCodePoint.test(asciiDomain)) {
        validationError("Invalid domain.");
        return null;
      }
      const ipv4Host = iPv4Parser(asciiDomain);
      if (ipv4Host === null || (0, util_1.isNumber)(ipv4Host))
        return ipv4Host;
      return asciiDomain;
    }
    function iPv4NumberParser(input, validationErrorFlag = { value: false }) {
      let R = 10;
      if (input.startsWith("0x") || input.startsWith("0X")) {
        validationErrorFlag.value = true;
        input = input.substr(2);
        R = 16;
      } else if (input.length >= 2 && input[0] === "0") {
        validationErrorFlag.value = true;
        input = input.substr(1);
        R = 8;
      }
      if (input === "")
        return 0;
      const radixRDigits = R === 10 ? /^[0-9]+$/ : R === 16 ? /^[0-9A-Fa-f]+$/ : /^[0-7]+$/;
      if (!radixRDigits.test(input))
        return null;
      return parseInt(input, R);
    }
    function iPv4Parser(input) {
      const validationErrorFlag = { value: false };
      const parts = input.split(".");
      if (parts[parts.length - 1] === "") {
        validationErrorFlag.value = true;
        if (parts.length > 1)
          parts.pop();
      }
      if (parts.length > 4)
        return input;
      const numbers = [];
      for (const part of parts) {
        if (part === "")
          return input;
        const n = iPv4NumberParser(part, validationErrorFlag);
        if (n === null)
          return input;
        numbers.push(n);
      }
      if (validationErrorFlag.value)
        validationError("Invalid IP v4 address.");
      for (let i = 0; i < numbers.length; i++) {
        const item = numbers[i];
        if (item > 255) {
          validationError("Invalid IP v4 address.");
          if (i < numbers.length - 1)
            return null;
        }
      }
      if (numbers[numbers.length - 1] >= Math.pow(256, 5 - numbers.length)) {
        validationError("Invalid IP v4 address.");
        return null;
      }
      let ipv4 = numbers[numbers.length - 1];
      numbers.pop();
      let counter = 0;
      for (const n of numbers) {
        ipv4 += n * Math.pow(256, 3 - counter);
        counter++;
      }
      return ipv4;
    }
    function iPv6Parser(input) {
      const EOF = "";
      const address = [0, 0, 0, 0, 0, 0, 0, 0];
      let pieceIndex = 0;
      let compress = null;
      const walker = new util_1.StringWalker(input);
      if (walker.c() === ":") {
        if (!walker.remaining().startsWith(":")) {
          validationError("Invalid IP v6 address.");
          return null;
        }
        walker.pointer += 2;
        pieceIndex += 1;
        compress = pieceIndex;
      }
      while (walker.c() !== EOF) {
        if (pieceIndex === 8) {
          validationError("Invalid IP v6 address.");
          return null;
        }
        if (walker.c() === ":") {
          if (compress !== null) {
            validationError("Invalid IP v6 address.");
            return null;
          }
          walker.pointer++;
          pieceIndex++;
          compress = pieceIndex;
          continue;
        }
        let value = 0;
        let length = 0;
        while (length < 4 && infra_1.codePoint.ASCIIHexDigit.test(walker.c())) {
          value = value * 16 + parseInt(walker.c(), 16);
          walker.pointer++;
          length++;
        }
        if (walker.c() === ".") {
          if (length === 0) {
            validationError("Invalid IP v6 address.");
            return null;
          }
          walker.pointer -= length;
          if (pieceIndex > 6) {
            validationError("Invalid IP v6 address.");
            return null;
          }
          let numbersSeen = 0;
          while (walker.c() !== EOF) {
            let ipv4Piece = null;
            if (numbersSeen > 0) {
              if (walker.c() === "." && numbersSeen < 4) {
                walker.pointer++;
              } else {
                validationError("Invalid IP v6 address.");
                return null;
              }
            }
            if (!infra_1.codePoint.ASCIIDigit.test(walker.c())) {
              validationError("Invalid IP v6 address.");
              return null;
            }
            while (infra_1.codePoint.ASCIIDigit.test(walker.c())) {
              const number = parseInt(walker.c(), 10);
              if (ipv4Piece === null) {
                ipv4Piece = number;
              } else if (ipv4Piece === 0) {
                validationError("Invalid IP v6 address.");
                return null;
              } else {
                ipv4Piece = ipv4Piece * 10 + number;
              }
              if (ipv4Piece > 255) {
                validationError("Invalid IP v6 address.");
                return null;
              }
              walker.pointer++;
            }
            if (ipv4Piece === null) {
              validationError("Invalid IP v6 address.");
              return null;
            }
            address[pieceIndex] = address[pieceIndex] * 256 + ipv4Piece;
            numbersSeen++;
            if (numbersSeen === 2 || numbersSeen === 4)
              pieceIndex++;
          }
          if (numbersSeen !== 4) {
            validationError("Invalid IP v6 address.");
            return null;
          }
          break;
        } else if (walker.c() === ":") {
          walker.pointer++;
          if (walker.c() === EOF) {
            validationError("Invalid IP v6 address.");
            return null;
          }
        } else if (walker.c() !== EOF) {
          validationError("Invalid IP v6 address.");
          return null;
        }
        address[pieceIndex] = value;
        pieceIndex++;
      }
      if (compress !== null) {
        let swaps = pieceIndex - compress;
        pieceIndex = 7;
        while (pieceIndex !== 0 && swaps > 0) {
          [address[pieceIndex], address[compress + swaps - 1]] = [address[compress + swaps - 1], address[pieceIndex]];
          pieceIndex--;
          swaps--;
        }
      } else if (compress === null && pieceIndex !== 8) {
        validationError("Invalid IP v6 address.");
        return null;
      }
      return address;
    }
    function opaqueHostParser(input) {
      const forbiddenChars = /[\x00\t\f\r #/:?@\[\\\]]/;
      if (forbiddenChars.test(input)) {
        validationError("Invalid host string.");
        return null;
      }
      let output = "";
      for (const codePoint of input) {
        output += utf8PercentEncode(codePoint, _c0ControlPercentEncodeSet);
      }
      return output;
    }
    function resolveABlobURL(url) {
      return null;
    }
    function percentEncode(value) {
      return "%" + ("00" + value.toString(16).toUpperCase()).slice(-2);
    }
    function percentDecode(input) {
      const isHexDigit = (byte) => {
        return byte >= 48 && byte <= 57 || byte >= 65 && byte <= 70 || byte >= 97 && byte <= 102;
      };
      const output = new Uint8Array(input.length);
      let n = 0;
      for (let i = 0; i < input.length; i++) {
        const byte = input[i];
        if (byte !== 37) {
          output[n] = byte;
          n++;
        } else if (byte === 37 && i >= input.length - 2) {
          output[n] = byte;
          n++;
        } else if (byte === 37 && (!isHexDigit(input[i + 1]) || !isHexDigit(input[i + 2]))) {
          output[n] = byte;
          n++;
        } else {
          const bytePoint = parseInt((0, util_1.utf8Decode)(Uint8Array.of(input[i + 1], input[i + 2])), 16);
          output[n] = bytePoint;
          n++;
          i += 2;
        }
      }
      return output.subarray(0, n);
    }
    function stringPercentDecode(input) {
      return percentDecode((0, util_1.utf8Encode)(input));
    }
    function utf8PercentEncode(codePoint, percentEncodeSet) {
      if (!percentEncodeSet.test(codePoint))
        return codePoint;
      const bytes = (0, util_1.utf8Encode)(codePoint);
      let result = "";
      for (const byte of bytes) {
        result += percentEncode(byte);
      }
      return result;
    }
    function hostEquals(hostA, hostB) {
      return hostA === hostB;
    }
    function urlEquals(urlA, urlB, excludeFragmentsFlag = false) {
      return urlSerializer(urlA, excludeFragmentsFlag) === urlSerializer(urlB, excludeFragmentsFlag);
    }
    function urlEncodedStringParser(input) {
      return urlEncodedParser((0, util_1.utf8Encode)(input));
    }
    function urlEncodedParser(input) {
      const sequences = [];
      let currentSequence = [];
      for (const byte of input) {
        if (byte === 38) {
          sequences.push(Uint8Array.from(currentSequence));
          currentSequence = [];
        } else {
          currentSequence.push(byte);
        }
      }
      if (currentSequence.length !== 0) {
        sequences.push(Uint8Array.from(currentSequence));
      }
      const output = [];
      for (const bytes of sequences) {
        if (bytes.length === 0)
          continue;
        const index = bytes.indexOf(61);
        const name = index !== -1 ? bytes.slice(0, index) : bytes;
        const value = index !== -1 ? bytes.slice(index + 1) : new Uint8Array();
        for (let i = 0; i < name.length; i++)
          if (name[i] === 43)
            name[i] = 32;
        for (let i = 0; i < value.length; i++)
          if (value[i] === 43)
            value[i] = 32;
        const nameString = (0, util_1.utf8Decode)(name);
        const valueString = (0, util_1.utf8Decode)(value);
        output.push([nameString, valueString]);
      }
      return output;
    }
    function urlEncodedByteSerializer(input) {
      let output = "";
      for (const byte of input) {
        if (byte === 32) {
          output += "+";
        } else if (byte === 42 || byte === 45 || byte === 46 || byte >= 48 && byte <= 57 || byte >= 65 && byte <= 90 || byte === 95 || byte >= 97 && byte <= 122) {
          output += String.fromCodePoint(byte);
        } else {
          output += percentEncode(byte);
        }
      }
      return output;
    }
    function urlEncodedSerializer(tuples, encodingOverride) {
      const encoding = encodingOverride === void 0 || encodingOverride === "replacement" || encodingOverride === "UTF-16BE" || encodingOverride === "UTF-16LE" ? "UTF-8" : encodingOverride;
      if (encoding.toUpperCase() !== "UTF-8") {
        throw new Error("Only UTF-8 encoding is supported.");
      }
      let output = "";
      for (const tuple of tuples) {
        const name = urlEncodedByteSerializer((0, util_1.utf8Encode)(tuple[0]));
        let value = tuple[1];
        value = urlEncodedByteSerializer((0, util_1.utf8Encode)(value));
        if (output !== "")
          output += "&";
        output += name + "=" + value;
      }
      return output;
    }
    function origin(url) {
      switch (url.scheme) {
        case "blob":
          if (url._blobURLEntry !== null) {
          }
          const parsedURL = basicURLParser(url.path[0]);
          if (parsedURL === null)
            return interfaces_1.OpaqueOrigin;
          else
            return origin(parsedURL);
        case "ftp":
        case "http":
        case "https":
        case "ws":
        case "wss":
          return [url.scheme, url.host === null ? "" : url.host, url.port, null];
        case "file":
          return interfaces_1.OpaqueOrigin;
        default:
          return interfaces_1.OpaqueOrigin;
      }
    }
    function domainToASCII(domain, beStrict = false) {
      const result = (0, url_1.domainToASCII)(domain);
      if (result === "") {
        validationError("Invalid domain name.");
        return null;
      }
      return result;
    }
    function domainToUnicode(domain, beStrict = false) {
      const result = (0, url_1.domainToUnicode)(domain);
      if (result === "") {
        validationError("Invalid domain name.");
      }
      return result;
    }
    function asciiSerializationOfAnOrigin(origin2) {
      if (origin2[0] === "" && origin2[1] === "" && origin2[2] === null && origin2[3] === null) {
        return "null";
      }
      let result = origin2[0] + "://" + hostSerializer(origin2[1]);
      if (origin2[2] !== null)
        result += ":" + origin2[2].toString();
      return result;
    }
  }
});

// node_modules/@oozcitak/dom/lib/dom/NodeImpl.js
var require_NodeImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/NodeImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.NodeImpl = void 0;
    var DOMImpl_1 = require_DOMImpl();
    var interfaces_1 = require_interfaces2();
    var EventTargetImpl_1 = require_EventTargetImpl();
    var util_1 = require_util();
    var DOMException_1 = require_DOMException();
    var algorithm_1 = require_algorithm();
    var URLAlgorithm_1 = require_URLAlgorithm();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var NodeImpl = class extends EventTargetImpl_1.EventTargetImpl {
      static ELEMENT_NODE = 1;
      static ATTRIBUTE_NODE = 2;
      static TEXT_NODE = 3;
      static CDATA_SECTION_NODE = 4;
      static ENTITY_REFERENCE_NODE = 5;
      static ENTITY_NODE = 6;
      static PROCESSING_INSTRUCTION_NODE = 7;
      static COMMENT_NODE = 8;
      static DOCUMENT_NODE = 9;
      static DOCUMENT_TYPE_NODE = 10;
      static DOCUMENT_FRAGMENT_NODE = 11;
      static NOTATION_NODE = 12;
      static DOCUMENT_POSITION_DISCONNECTED = 1;
      static DOCUMENT_POSITION_PRECEDING = 2;
      static DOCUMENT_POSITION_FOLLOWING = 4;
      static DOCUMENT_POSITION_CONTAINS = 8;
      static DOCUMENT_POSITION_CONTAINED_BY = 16;
      static DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC = 32;
      ELEMENT_NODE = 1;
      ATTRIBUTE_NODE = 2;
      TEXT_NODE = 3;
      CDATA_SECTION_NODE = 4;
      ENTITY_REFERENCE_NODE = 5;
      ENTITY_NODE = 6;
      PROCESSING_INSTRUCTION_NODE = 7;
      COMMENT_NODE = 8;
      DOCUMENT_NODE = 9;
      DOCUMENT_TYPE_NODE = 10;
      DOCUMENT_FRAGMENT_NODE = 11;
      NOTATION_NODE = 12;
      DOCUMENT_POSITION_DISCONNECTED = 1;
      DOCUMENT_POSITION_PRECEDING = 2;
      DOCUMENT_POSITION_FOLLOWING = 4;
      DOCUMENT_POSITION_CONTAINS = 8;
      DOCUMENT_POSITION_CONTAINED_BY = 16;
      DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC = 32;
      __childNodes;
      get _childNodes() {
        return this.__childNodes || (this.__childNodes = (0, algorithm_1.create_nodeList)(this));
      }
      _nodeDocumentOverride;
      get _nodeDocument() {
        return this._nodeDocumentOverride || DOMImpl_1.dom.window._associatedDocument;
      }
      set _nodeDocument(val) {
        this._nodeDocumentOverride = val;
      }
      __registeredObserverList;
      get _registeredObserverList() {
        return this.__registeredObserverList || (this.__registeredObserverList = []);
      }
      _parent = null;
      _children = new util_1.EmptySet();
      _firstChild = null;
      _lastChild = null;
      _previousSibling = null;
      _nextSibling = null;
      /**
       * Initializes a new instance of `Node`.
       */
      constructor() {
        super();
      }
      /** @inheritdoc */
      get nodeType() {
        return this._nodeType;
      }
      /**
       * Returns a string appropriate for the type of node.
       */
      get nodeName() {
        if (util_1.Guard.isElementNode(this)) {
          return this._htmlUppercasedQualifiedName;
        } else if (util_1.Guard.isAttrNode(this)) {
          return this._qualifiedName;
        } else if (util_1.Guard.isExclusiveTextNode(this)) {
          return "#text";
        } else if (util_1.Guard.isCDATASectionNode(this)) {
          return "#cdata-section";
        } else if (util_1.Guard.isProcessingInstructionNode(this)) {
          return this._target;
        } else if (util_1.Guard.isCommentNode(this)) {
          return "#comment";
        } else if (util_1.Guard.isDocumentNode(this)) {
          return "#document";
        } else if (util_1.Guard.isDocumentTypeNode(this)) {
          return this._name;
        } else if (util_1.Guard.isDocumentFragmentNode(this)) {
          return "#document-fragment";
        } else {
          return "";
        }
      }
      /**
       * Gets the absolute base URL of the node.
       */
      get baseURI() {
        return (0, URLAlgorithm_1.urlSerializer)(this._nodeDocument._URL);
      }
      /**
       * Returns whether the node is rooted to a document node.
       */
      get isConnected() {
        return util_1.Guard.isElementNode(this) && (0, algorithm_1.shadowTree_isConnected)(this);
      }
      /**
       * Returns the parent document.
       */
      get ownerDocument() {
        if (this._nodeType === interfaces_1.NodeType.Document)
          return null;
        else
          return this._nodeDocument;
      }
      /**
       * Returns the root node.
       *
       * @param options - if options has `composed = true` this function
       * returns the node's shadow-including root, otherwise it returns
       * the node's root node.
       */
      getRootNode(options2) {
        return (0, algorithm_1.tree_rootNode)(this, !!options2 && options2.composed);
      }
      /**
       * Returns the parent node.
       */
      get parentNode() {
        if (this._nodeType === interfaces_1.NodeType.Attribute) {
          return null;
        } else {
          return this._parent;
        }
      }
      /**
       * Returns the parent element.
       */
      get parentElement() {
        if (this._parent && util_1.Guard.isElementNode(this._parent)) {
          return this._parent;
        } else {
          return null;
        }
      }
      /**
       * Determines whether a node has any children.
       */
      hasChildNodes() {
        return this._firstChild !== null;
      }
      /**
       * Returns a {@link NodeList} of child nodes.
       */
      get childNodes() {
        return this._childNodes;
      }
      /**
       * Returns the first child node.
       */
      get firstChild() {
        return this._firstChild;
      }
      /**
       * Returns the last child node.
       */
      get lastChild() {
        return this._lastChild;
      }
      /**
       * Returns the previous sibling node.
       */
      get previousSibling() {
        return this._previousSibling;
      }
      /**
       * Returns the next sibling node.
       */
      get nextSibling() {
        return this._nextSibling;
      }
      /**
       * Gets or sets the data associated with a {@link CharacterData} node or the
       * value of an {@link @Attr} node. For other node types returns `null`.
       */
      get nodeValue() {
        if (util_1.Guard.isAttrNode(this)) {
          return this._value;
        } else if (util_1.Guard.isCharacterDataNode(this)) {
          return this._data;
        } else {
          return null;
        }
      }
      set nodeValue(value) {
        if (value === null) {
          value = "";
        }
        if (util_1.Guard.isAttrNode(this)) {
          (0, algorithm_1.attr_setAnExistingAttributeValue)(this, value);
        } else if (util_1.Guard.isCharacterDataNode(this)) {
          (0, algorithm_1.characterData_replaceData)(this, 0, this._data.length, value);
        }
      }
      /**
       * Returns the concatenation of data of all the {@link Text}
       * node descendants in tree order. When set, replaces the text
       * contents of the node with the given value.
       */
      get textContent() {
        if (util_1.Guard.isDocumentFragmentNode(this) || util_1.Guard.isElementNode(this)) {
          return (0, algorithm_1.text_descendantTextContent)(this);
        } else if (util_1.Guard.isAttrNode(this)) {
          return this._value;
        } else if (util_1.Guard.isCharacterDataNode(this)) {
          return this._data;
        } else {
          return null;
        }
      }
      set textContent(value) {
        if (value === null) {
          value = "";
        }
        if (util_1.Guard.isDocumentFragmentNode(this) || util_1.Guard.isElementNode(this)) {
          (0, algorithm_1.node_stringReplaceAll)(value, this);
        } else if (util_1.Guard.isAttrNode(this)) {
          (0, algorithm_1.attr_setAnExistingAttributeValue)(this, value);
        } else if (util_1.Guard.isCharacterDataNode(this)) {
          (0, algorithm_1.characterData_replaceData)(this, 0, (0, algorithm_1.tree_nodeLength)(this), value);
        }
      }
      /**
       * Puts all {@link Text} nodes in the full depth of the sub-tree
       * underneath this node into a "normal" form where only markup
       * (e.g., tags, comments, processing instructions, CDATA sections,
       * and entity references) separates {@link Text} nodes, i.e., there
       * are no adjacent Text nodes.
       */
      normalize() {
        const descendantNodes = [];
        let node = (0, algorithm_1.tree_getFirstDescendantNode)(this, false, false, (e) => util_1.Guard.isExclusiveTextNode(e));
        while (node !== null) {
          descendantNodes.push(node);
          node = (0, algorithm_1.tree_getNextDescendantNode)(this, node, false, false, (e) => util_1.Guard.isExclusiveTextNode(e));
        }
        for (let i = 0; i < descendantNodes.length; i++) {
          const node2 = descendantNodes[i];
          if (node2._parent === null)
            continue;
          let length = (0, algorithm_1.tree_nodeLength)(node2);
          if (length === 0) {
            (0, algorithm_1.mutation_remove)(node2, node2._parent);
            continue;
          }
          const textSiblings = [];
          let data = "";
          for (const sibling of (0, algorithm_1.text_contiguousExclusiveTextNodes)(node2)) {
            textSiblings.push(sibling);
            data += sibling._data;
          }
          (0, algorithm_1.characterData_replaceData)(node2, length, 0, data);
          if (DOMImpl_1.dom.rangeList.size !== 0) {
            let currentNode = node2._nextSibling;
            while (currentNode !== null && util_1.Guard.isExclusiveTextNode(currentNode)) {
              const cn = currentNode;
              const index = (0, algorithm_1.tree_index)(cn);
              for (const range of DOMImpl_1.dom.rangeList) {
                if (range._start[0] === cn) {
                  range._start[0] = node2;
                  range._start[1] += length;
                }
                if (range._end[0] === cn) {
                  range._end[0] = node2;
                  range._end[1] += length;
                }
                if (range._start[0] === cn._parent && range._start[1] === index) {
                  range._start[0] = node2;
                  range._start[1] = length;
                }
                if (range._end[0] === cn._parent && range._end[1] === index) {
                  range._end[0] = node2;
                  range._end[1] = length;
                }
              }
              length += (0, algorithm_1.tree_nodeLength)(currentNode);
              currentNode = currentNode._nextSibling;
            }
          }
          for (let i2 = 0; i2 < textSiblings.length; i2++) {
            const sibling = textSiblings[i2];
            if (sibling._parent === null)
              continue;
            (0, algorithm_1.mutation_remove)(sibling, sibling._parent);
          }
        }
      }
      /**
       * Returns a duplicate of this node, i.e., serves as a generic copy
       * constructor for nodes. The duplicate node has no parent
       * ({@link parentNode} returns `null`).
       *
       * @param deep - if `true`, recursively clone the subtree under the
       * specified node. If `false`, clone only the node itself (and its
       * attributes, if it is an {@link Element}).
       */
      cloneNode(deep = false) {
        if (util_1.Guard.isShadowRoot(this))
          throw new DOMException_1.NotSupportedError();
        return (0, algorithm_1.node_clone)(this, null, deep);
      }
      /**
       * Determines if the given node is equal to this one.
       *
       * @param node - the node to compare with
       */
      isEqualNode(node = null) {
        return node !== null && (0, algorithm_1.node_equals)(this, node);
      }
      /**
       * Determines if the given node is reference equal to this one.
       *
       * @param node - the node to compare with
       */
      isSameNode(node = null) {
        return this === node;
      }
      /**
       * Returns a bitmask indicating the position of the given `node`
       * relative to this node.
       */
      compareDocumentPosition(other) {
        if (other === this)
          return interfaces_1.Position.SameNode;
        let node1 = other;
        let node2 = this;
        let attr1 = null;
        let attr2 = null;
        if (util_1.Guard.isAttrNode(node1)) {
          attr1 = node1;
          node1 = attr1._element;
        }
        if (util_1.Guard.isAttrNode(node2)) {
          attr2 = node2;
          node2 = attr2._element;
          if (attr1 && node1 && node1 === node2) {
            for (let i = 0; i < node2._attributeList.length; i++) {
              const attr = node2._attributeList[i];
              if ((0, algorithm_1.node_equals)(attr, attr1)) {
                return interfaces_1.Position.ImplementationSpecific | interfaces_1.Position.Preceding;
              } else if ((0, algorithm_1.node_equals)(attr, attr2)) {
                return interfaces_1.Position.ImplementationSpecific | interfaces_1.Position.Following;
              }
            }
          }
        }
        if (node1 === null || node2 === null || (0, algorithm_1.tree_rootNode)(node1) !== (0, algorithm_1.tree_rootNode)(node2)) {
          return interfaces_1.Position.Disconnected | interfaces_1.Position.ImplementationSpecific | (DOMImpl_1.dom.compareCache.check(this, other) ? interfaces_1.Position.Preceding : interfaces_1.Position.Following);
        }
        if (!attr1 && (0, algorithm_1.tree_isAncestorOf)(node2, node1) || attr2 && node1 === node2) {
          return interfaces_1.Position.Contains | interfaces_1.Position.Preceding;
        }
        if (!attr2 && (0, algorithm_1.tree_isDescendantOf)(node2, node1) || attr1 && node1 === node2) {
          return interfaces_1.Position.ContainedBy | interfaces_1.Position.Following;
        }
        if ((0, algorithm_1.tree_isPreceding)(node2, node1))
          return interfaces_1.Position.Preceding;
        return interfaces_1.Position.Following;
      }
      /**
       * Returns `true` if given node is an inclusive descendant of this
       * node, and `false` otherwise (including when other node is `null`).
       *
       * @param other - the node to check
       */
      contains(other) {
        if (other === null)
          return false;
        return (0, algorithm_1.tree_isDescendantOf)(this, other, true);
      }
      /**
       * Returns the prefix for a given namespace URI, if present, and
       * `null` if not.
       *
       * @param namespace - the namespace to search
       */
      lookupPrefix(namespace) {
        if (!namespace)
          return null;
        if (util_1.Guard.isElementNode(this)) {
          return (0, algorithm_1.node_locateANamespacePrefix)(this, namespace);
        } else if (util_1.Guard.isDocumentNode(this)) {
          if (this.documentElement === null) {
            return null;
          } else {
            return (0, algorithm_1.node_locateANamespacePrefix)(this.documentElement, namespace);
          }
        } else if (util_1.Guard.isDocumentTypeNode(this) || util_1.Guard.isDocumentFragmentNode(this)) {
          return null;
        } else if (util_1.Guard.isAttrNode(this)) {
          if (this._element === null) {
            return null;
          } else {
            return (0, algorithm_1.node_locateANamespacePrefix)(this._element, namespace);
          }
        } else {
          if (this._parent !== null && util_1.Guard.isElementNode(this._parent)) {
            return (0, algorithm_1.node_locateANamespacePrefix)(this._parent, namespace);
          } else {
            return null;
          }
        }
      }
      /**
       * Returns the namespace URI for a given prefix if present, and `null`
       * if not.
       *
       * @param prefix - the prefix to search
       */
      lookupNamespaceURI(prefix) {
        return (0, algorithm_1.node_locateANamespace)(this, prefix || null);
      }
      /**
       * Returns `true` if the namespace is the default namespace on this
       * node or `false` if not.
       *
       * @param namespace - the namespace to check
       */
      isDefaultNamespace(namespace) {
        if (!namespace)
          namespace = null;
        const defaultNamespace = (0, algorithm_1.node_locateANamespace)(this, null);
        return defaultNamespace === namespace;
      }
      /**
       * Inserts the node `newChild` before the existing child node
       * `refChild`. If `refChild` is `null`, inserts `newChild` at the end
       * of the list of children.
       *
       * If `newChild` is a {@link DocumentFragment} object, all of its
       * children are inserted, in the same order, before `refChild`.
       *
       * If `newChild` is already in the tree, it is first removed.
       *
       * @param newChild - the node to insert
       * @param refChild - the node before which the new node must be
       *   inserted
       *
       * @returns the newly inserted child node
       */
      insertBefore(newChild, refChild) {
        return (0, algorithm_1.mutation_preInsert)(newChild, this, refChild);
      }
      /**
       * Adds the node `newChild` to the end of the list of children of this
       * node, and returns it. If `newChild` is already in the tree, it is
       * first removed.
       *
       * If `newChild` is a {@link DocumentFragment} object, the entire
       * contents of the document fragment are moved into the child list of
       * this node.
       *
       * @param newChild - the node to add
       *
       * @returns the newly inserted child node
       */
      appendChild(newChild) {
        return (0, algorithm_1.mutation_append)(newChild, this);
      }
      /**
       * Replaces the child node `oldChild` with `newChild` in the list of
       * children, and returns the `oldChild` node. If `newChild` is already
       * in the tree, it is first removed.
       *
       * @param newChild - the new node to put in the child list
       * @param oldChild - the node being replaced in the list
       *
       * @returns the removed child node
       */
      replaceChild(newChild, oldChild) {
        return (0, algorithm_1.mutation_replace)(oldChild, newChild, this);
      }
      /**
      * Removes the child node indicated by `oldChild` from the list of
      * children, and returns it.
      *
      * @param oldChild - the node being removed from the list
      *
      * @returns the removed child node
      */
      removeChild(oldChild) {
        return (0, algorithm_1.mutation_preRemove)(oldChild, this);
      }
      /**
       * Gets the parent event target for the given event.
       *
       * @param event - an event
       */
      _getTheParent(event) {
        if (util_1.Guard.isSlotable(this) && (0, algorithm_1.shadowTree_isAssigned)(this)) {
          return this._assignedSlot;
        } else {
          return this._parent;
        }
      }
    };
    exports2.NodeImpl = NodeImpl;
    NodeImpl.prototype._children = new util_1.EmptySet();
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "ELEMENT_NODE", 1);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "ATTRIBUTE_NODE", 2);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "TEXT_NODE", 3);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "CDATA_SECTION_NODE", 4);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "ENTITY_REFERENCE_NODE", 5);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "ENTITY_NODE", 6);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "PROCESSING_INSTRUCTION_NODE", 7);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "COMMENT_NODE", 8);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "DOCUMENT_NODE", 9);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "DOCUMENT_TYPE_NODE", 10);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "DOCUMENT_FRAGMENT_NODE", 11);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "NOTATION_NODE", 12);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "DOCUMENT_POSITION_DISCONNECTED", 1);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "DOCUMENT_POSITION_PRECEDING", 2);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "DOCUMENT_POSITION_FOLLOWING", 4);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "DOCUMENT_POSITION_CONTAINS", 8);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "DOCUMENT_POSITION_CONTAINED_BY", 16);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeImpl.prototype, "DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC", 32);
  }
});

// node_modules/@oozcitak/dom/lib/dom/DocumentImpl.js
var require_DocumentImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/DocumentImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.DocumentImpl = void 0;
    var DOMImpl_1 = require_DOMImpl();
    var interfaces_1 = require_interfaces2();
    var DOMException_1 = require_DOMException();
    var NodeImpl_1 = require_NodeImpl();
    var util_1 = require_util();
    var util_2 = require_lib();
    var infra_1 = require_lib2();
    var URLAlgorithm_1 = require_URLAlgorithm();
    var algorithm_1 = require_algorithm();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var DocumentImpl = class extends NodeImpl_1.NodeImpl {
      _nodeType = interfaces_1.NodeType.Document;
      _children = /* @__PURE__ */ new Set();
      _encoding = {
        name: "UTF-8",
        labels: ["unicode-1-1-utf-8", "utf-8", "utf8"]
      };
      _contentType = "application/xml";
      _URL = {
        scheme: "about",
        username: "",
        password: "",
        host: null,
        port: null,
        path: ["blank"],
        query: null,
        fragment: null,
        _cannotBeABaseURLFlag: true,
        _blobURLEntry: null
      };
      _origin = null;
      _type = "xml";
      _mode = "no-quirks";
      _implementation;
      _documentElement = null;
      _hasNamespaces = false;
      _nodeDocumentOverwrite = null;
      get _nodeDocument() {
        return this._nodeDocumentOverwrite || this;
      }
      set _nodeDocument(val) {
        this._nodeDocumentOverwrite = val;
      }
      /**
       * Initializes a new instance of `Document`.
       */
      constructor() {
        super();
      }
      /** @inheritdoc */
      get implementation() {
        return this._implementation || (this._implementation = (0, algorithm_1.create_domImplementation)(this));
      }
      /** @inheritdoc */
      get URL() {
        return (0, URLAlgorithm_1.urlSerializer)(this._URL);
      }
      /** @inheritdoc */
      get documentURI() {
        return this.URL;
      }
      /** @inheritdoc */
      get origin() {
        return "null";
      }
      /** @inheritdoc */
      get compatMode() {
        return this._mode === "quirks" ? "BackCompat" : "CSS1Compat";
      }
      /** @inheritdoc */
      get characterSet() {
        return this._encoding.name;
      }
      /** @inheritdoc */
      get charset() {
        return this._encoding.name;
      }
      /** @inheritdoc */
      get inputEncoding() {
        return this._encoding.name;
      }
      /** @inheritdoc */
      get contentType() {
        return this._contentType;
      }
      /** @inheritdoc */
      get doctype() {
        for (const child of this._children) {
          if (util_1.Guard.isDocumentTypeNode(child))
            return child;
        }
        return null;
      }
      /** @inheritdoc */
      get documentElement() {
        return this._documentElement;
      }
      /** @inheritdoc */
      getElementsByTagName(qualifiedName) {
        return (0, algorithm_1.node_listOfElementsWithQualifiedName)(qualifiedName, this);
      }
      /** @inheritdoc */
      getElementsByTagNameNS(namespace, localName) {
        return (0, algorithm_1.node_listOfElementsWithNamespace)(namespace, localName, this);
      }
      /** @inheritdoc */
      getElementsByClassName(classNames) {
        return (0, algorithm_1.node_listOfElementsWithClassNames)(classNames, this);
      }
      /** @inheritdoc */
      createElement(localName, options2) {
        if (!(0, algorithm_1.xml_isName)(localName))
          throw new DOMException_1.InvalidCharacterError();
        if (this._type === "html")
          localName = localName.toLowerCase();
        let is = null;
        if (options2 !== void 0) {
          if ((0, util_2.isString)(options2)) {
            is = options2;
          } else {
            is = options2.is;
          }
        }
        const namespace = this._type === "html" || this._contentType === "application/xhtml+xml" ? infra_1.namespace.HTML : null;
        return (0, algorithm_1.element_createAnElement)(this, localName, namespace, null, is, true);
      }
      /** @inheritdoc */
      createElementNS(namespace, qualifiedName, options2) {
        return (0, algorithm_1.document_internalCreateElementNS)(this, namespace, qualifiedName, options2);
      }
      /** @inheritdoc */
      createDocumentFragment() {
        return (0, algorithm_1.create_documentFragment)(this);
      }
      /** @inheritdoc */
      createTextNode(data) {
        return (0, algorithm_1.create_text)(this, data);
      }
      /** @inheritdoc */
      createCDATASection(data) {
        if (this._type === "html")
          throw new DOMException_1.NotSupportedError();
        if (data.indexOf("]]>") !== -1)
          throw new DOMException_1.InvalidCharacterError();
        return (0, algorithm_1.create_cdataSection)(this, data);
      }
      /** @inheritdoc */
      createComment(data) {
        return (0, algorithm_1.create_comment)(this, data);
      }
      /** @inheritdoc */
      createProcessingInstruction(target, data) {
        if (!(0, algorithm_1.xml_isName)(target))
          throw new DOMException_1.InvalidCharacterError();
        if (data.indexOf("?>") !== -1)
          throw new DOMException_1.InvalidCharacterError();
        return (0, algorithm_1.create_processingInstruction)(this, target, data);
      }
      /** @inheritdoc */
      importNode(node, deep = false) {
        if (util_1.Guard.isDocumentNode(node) || util_1.Guard.isShadowRoot(node))
          throw new DOMException_1.NotSupportedError();
        return (0, algorithm_1.node_clone)(node, this, deep);
      }
      /** @inheritdoc */
      adoptNode(node) {
        if (util_1.Guard.isDocumentNode(node))
          throw new DOMException_1.NotSupportedError();
        if (util_1.Guard.isShadowRoot(node))
          throw new DOMException_1.HierarchyRequestError();
        (0, algorithm_1.document_adopt)(node, this);
        return node;
      }
      /** @inheritdoc */
      createAttribute(localName) {
        if (!(0, algorithm_1.xml_isName)(localName))
          throw new DOMException_1.InvalidCharacterError();
        if (this._type === "html") {
          localName = localName.toLowerCase();
        }
        const attr = (0, algorithm_1.create_attr)(this, localName);
        return attr;
      }
      /** @inheritdoc */
      createAttributeNS(namespace, qualifiedName) {
        const [ns, prefix, localName] = (0, algorithm_1.namespace_validateAndExtract)(namespace, qualifiedName);
        const attr = (0, algorithm_1.create_attr)(this, localName);
        attr._namespace = ns;
        attr._namespacePrefix = prefix;
        return attr;
      }
      /** @inheritdoc */
      createEvent(eventInterface) {
        return (0, algorithm_1.event_createLegacyEvent)(eventInterface);
      }
      /** @inheritdoc */
      createRange() {
        const range = (0, algorithm_1.create_range)();
        range._start = [this, 0];
        range._end = [this, 0];
        return range;
      }
      /** @inheritdoc */
      createNodeIterator(root, whatToShow = interfaces_1.WhatToShow.All, filter = null) {
        const iterator = (0, algorithm_1.create_nodeIterator)(root, root, true);
        iterator._whatToShow = whatToShow;
        iterator._iteratorCollection = (0, algorithm_1.create_nodeList)(root);
        if ((0, util_2.isFunction)(filter)) {
          iterator._filter = (0, algorithm_1.create_nodeFilter)();
          iterator._filter.acceptNode = filter;
        } else {
          iterator._filter = filter;
        }
        return iterator;
      }
      /** @inheritdoc */
      createTreeWalker(root, whatToShow = interfaces_1.WhatToShow.All, filter = null) {
        const walker = (0, algorithm_1.create_treeWalker)(root, root);
        walker._whatToShow = whatToShow;
        if ((0, util_2.isFunction)(filter)) {
          walker._filter = (0, algorithm_1.create_nodeFilter)();
          walker._filter.acceptNode = filter;
        } else {
          walker._filter = filter;
        }
        return walker;
      }
      /**
       * Gets the parent event target for the given event.
       *
       * @param event - an event
       */
      _getTheParent(event) {
        if (event._type === "load") {
          return null;
        } else {
          return DOMImpl_1.dom.window;
        }
      }
      // MIXIN: NonElementParentNode
      /* istanbul ignore next */
      getElementById(elementId) {
        throw new Error("Mixin: NonElementParentNode not implemented.");
      }
      // MIXIN: DocumentOrShadowRoot
      // No elements
      // MIXIN: ParentNode
      /* istanbul ignore next */
      get children() {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      get firstElementChild() {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      get lastElementChild() {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      get childElementCount() {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      prepend(...nodes) {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      append(...nodes) {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      querySelector(selectors) {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      querySelectorAll(selectors) {
        throw new Error("Mixin: ParentNode not implemented.");
      }
    };
    exports2.DocumentImpl = DocumentImpl;
    (0, WebIDLAlgorithm_1.idl_defineConst)(DocumentImpl.prototype, "_nodeType", interfaces_1.NodeType.Document);
  }
});

// node_modules/@oozcitak/dom/lib/dom/XMLDocumentImpl.js
var require_XMLDocumentImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/XMLDocumentImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.XMLDocumentImpl = void 0;
    var DocumentImpl_1 = require_DocumentImpl();
    var XMLDocumentImpl = class extends DocumentImpl_1.DocumentImpl {
      /**
       * Initializes a new instance of `XMLDocument`.
       */
      constructor() {
        super();
      }
    };
    exports2.XMLDocumentImpl = XMLDocumentImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/AbortControllerImpl.js
var require_AbortControllerImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/AbortControllerImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.AbortControllerImpl = void 0;
    var algorithm_1 = require_algorithm();
    var AbortControllerImpl = class {
      _signal;
      /**
       * Initializes a new instance of `AbortController`.
       */
      constructor() {
        this._signal = (0, algorithm_1.create_abortSignal)();
      }
      /** @inheritdoc */
      get signal() {
        return this._signal;
      }
      /** @inheritdoc */
      abort() {
        (0, algorithm_1.abort_signalAbort)(this._signal);
      }
    };
    exports2.AbortControllerImpl = AbortControllerImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/AbortSignalImpl.js
var require_AbortSignalImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/AbortSignalImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.AbortSignalImpl = void 0;
    var EventTargetImpl_1 = require_EventTargetImpl();
    var algorithm_1 = require_algorithm();
    var AbortSignalImpl = class _AbortSignalImpl extends EventTargetImpl_1.EventTargetImpl {
      _abortedFlag = false;
      _abortAlgorithms = /* @__PURE__ */ new Set();
      /**
       * Initializes a new instance of `AbortSignal`.
       */
      constructor() {
        super();
      }
      /** @inheritdoc */
      get aborted() {
        return this._abortedFlag;
      }
      /** @inheritdoc */
      get onabort() {
        return (0, algorithm_1.event_getterEventHandlerIDLAttribute)(this, "onabort");
      }
      set onabort(val) {
        (0, algorithm_1.event_setterEventHandlerIDLAttribute)(this, "onabort", val);
      }
      /**
       * Creates a new `AbortSignal`.
       */
      static _create() {
        return new _AbortSignalImpl();
      }
    };
    exports2.AbortSignalImpl = AbortSignalImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/DocumentTypeImpl.js
var require_DocumentTypeImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/DocumentTypeImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.DocumentTypeImpl = void 0;
    var interfaces_1 = require_interfaces2();
    var NodeImpl_1 = require_NodeImpl();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var DocumentTypeImpl = class _DocumentTypeImpl extends NodeImpl_1.NodeImpl {
      _nodeType = interfaces_1.NodeType.DocumentType;
      _name = "";
      _publicId = "";
      _systemId = "";
      /**
       * Initializes a new instance of `DocumentType`.
       *
       * @param name - name of the node
       * @param publicId - `PUBLIC` identifier
       * @param systemId - `SYSTEM` identifier
       */
      constructor(name, publicId, systemId) {
        super();
        this._name = name;
        this._publicId = publicId;
        this._systemId = systemId;
      }
      /** @inheritdoc */
      get name() {
        return this._name;
      }
      /** @inheritdoc */
      get publicId() {
        return this._publicId;
      }
      /** @inheritdoc */
      get systemId() {
        return this._systemId;
      }
      // MIXIN: ChildNode
      /* istanbul ignore next */
      before(...nodes) {
        throw new Error("Mixin: ChildNode not implemented.");
      }
      /* istanbul ignore next */
      after(...nodes) {
        throw new Error("Mixin: ChildNode not implemented.");
      }
      /* istanbul ignore next */
      replaceWith(...nodes) {
        throw new Error("Mixin: ChildNode not implemented.");
      }
      /* istanbul ignore next */
      remove() {
        throw new Error("Mixin: ChildNode not implemented.");
      }
      /**
       * Creates a new `DocumentType`.
       *
       * @param document - owner document
       * @param name - name of the node
       * @param publicId - `PUBLIC` identifier
       * @param systemId - `SYSTEM` identifier
       */
      static _create(document, name, publicId = "", systemId = "") {
        const node = new _DocumentTypeImpl(name, publicId, systemId);
        node._nodeDocument = document;
        return node;
      }
    };
    exports2.DocumentTypeImpl = DocumentTypeImpl;
    (0, WebIDLAlgorithm_1.idl_defineConst)(DocumentTypeImpl.prototype, "_nodeType", interfaces_1.NodeType.DocumentType);
  }
});

// node_modules/@oozcitak/dom/lib/dom/ElementImpl.js
var require_ElementImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/ElementImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.ElementImpl = void 0;
    var interfaces_1 = require_interfaces2();
    var NodeImpl_1 = require_NodeImpl();
    var DOMException_1 = require_DOMException();
    var infra_1 = require_lib2();
    var algorithm_1 = require_algorithm();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var ElementImpl = class _ElementImpl extends NodeImpl_1.NodeImpl {
      _nodeType = interfaces_1.NodeType.Element;
      _children = /* @__PURE__ */ new Set();
      _namespace = null;
      _namespacePrefix = null;
      _localName = "";
      _customElementState = "undefined";
      _customElementDefinition = null;
      _is = null;
      _shadowRoot = null;
      _attributeList = (0, algorithm_1.create_namedNodeMap)(this);
      _uniqueIdentifier;
      _attributeChangeSteps = [];
      _name = "";
      _assignedSlot = null;
      /**
       * Initializes a new instance of `Element`.
       */
      constructor() {
        super();
      }
      /** @inheritdoc */
      get namespaceURI() {
        return this._namespace;
      }
      /** @inheritdoc */
      get prefix() {
        return this._namespacePrefix;
      }
      /** @inheritdoc */
      get localName() {
        return this._localName;
      }
      /** @inheritdoc */
      get tagName() {
        return this._htmlUppercasedQualifiedName;
      }
      /** @inheritdoc */
      get id() {
        return (0, algorithm_1.element_getAnAttributeValue)(this, "id");
      }
      set id(value) {
        (0, algorithm_1.element_setAnAttributeValue)(this, "id", value);
      }
      /** @inheritdoc */
      get className() {
        return (0, algorithm_1.element_getAnAttributeValue)(this, "class");
      }
      set className(value) {
        (0, algorithm_1.element_setAnAttributeValue)(this, "class", value);
      }
      /** @inheritdoc */
      get classList() {
        let attr = (0, algorithm_1.element_getAnAttributeByName)("class", this);
        if (attr === null) {
          attr = (0, algorithm_1.create_attr)(this._nodeDocument, "class");
        }
        return (0, algorithm_1.create_domTokenList)(this, attr);
      }
      /** @inheritdoc */
      get slot() {
        return (0, algorithm_1.element_getAnAttributeValue)(this, "slot");
      }
      set slot(value) {
        (0, algorithm_1.element_setAnAttributeValue)(this, "slot", value);
      }
      /** @inheritdoc */
      hasAttributes() {
        return this._attributeList.length !== 0;
      }
      /** @inheritdoc */
      get attributes() {
        return this._attributeList;
      }
      /** @inheritdoc */
      getAttributeNames() {
        const names = [];
        for (const attr of this._attributeList) {
          names.push(attr._qualifiedName);
        }
        return names;
      }
      /** @inheritdoc */
      getAttribute(qualifiedName) {
        const attr = (0, algorithm_1.element_getAnAttributeByName)(qualifiedName, this);
        return attr ? attr._value : null;
      }
      /** @inheritdoc */
      getAttributeNS(namespace, localName) {
        const attr = (0, algorithm_1.element_getAnAttributeByNamespaceAndLocalName)(namespace, localName, this);
        return attr ? attr._value : null;
      }
      /** @inheritdoc */
      setAttribute(qualifiedName, value) {
        if (!(0, algorithm_1.xml_isName)(qualifiedName))
          throw new DOMException_1.InvalidCharacterError();
        if (this._namespace === infra_1.namespace.HTML && this._nodeDocument._type === "html") {
          qualifiedName = qualifiedName.toLowerCase();
        }
        let attribute = null;
        for (let i = 0; i < this._attributeList.length; i++) {
          const attr = this._attributeList[i];
          if (attr._qualifiedName === qualifiedName) {
            attribute = attr;
            break;
          }
        }
        if (attribute === null) {
          attribute = (0, algorithm_1.create_attr)(this._nodeDocument, qualifiedName);
          attribute._value = value;
          (0, algorithm_1.element_append)(attribute, this);
          return;
        }
        (0, algorithm_1.element_change)(attribute, this, value);
      }
      /** @inheritdoc */
      setAttributeNS(namespace, qualifiedName, value) {
        const [ns, prefix, localName] = (0, algorithm_1.namespace_validateAndExtract)(namespace, qualifiedName);
        (0, algorithm_1.element_setAnAttributeValue)(this, localName, value, prefix, ns);
      }
      /** @inheritdoc */
      removeAttribute(qualifiedName) {
        (0, algorithm_1.element_removeAnAttributeByName)(qualifiedName, this);
      }
      /** @inheritdoc */
      removeAttributeNS(namespace, localName) {
        (0, algorithm_1.element_removeAnAttributeByNamespaceAndLocalName)(namespace, localName, this);
      }
      /** @inheritdoc */
      hasAttribute(qualifiedName) {
        if (this._namespace === infra_1.namespace.HTML && this._nodeDocument._type === "html") {
          qualifiedName = qualifiedName.toLowerCase();
        }
        for (let i = 0; i < this._attributeList.length; i++) {
          const attr = this._attributeList[i];
          if (attr._qualifiedName === qualifiedName) {
            return true;
          }
        }
        return false;
      }
      /** @inheritdoc */
      toggleAttribute(qualifiedName, force) {
        if (!(0, algorithm_1.xml_isName)(qualifiedName))
          throw new DOMException_1.InvalidCharacterError();
        if (this._namespace === infra_1.namespace.HTML && this._nodeDocument._type === "html") {
          qualifiedName = qualifiedName.toLowerCase();
        }
        let attribute = null;
        for (let i = 0; i < this._attributeList.length; i++) {
          const attr = this._attributeList[i];
          if (attr._qualifiedName === qualifiedName) {
            attribute = attr;
            break;
          }
        }
        if (attribute === null) {
          if (force === void 0 || force === true) {
            attribute = (0, algorithm_1.create_attr)(this._nodeDocument, qualifiedName);
            attribute._value = "";
            (0, algorithm_1.element_append)(attribute, this);
            return true;
          }
          return false;
        } else if (force === void 0 || force === false) {
          (0, algorithm_1.element_removeAnAttributeByName)(qualifiedName, this);
          return false;
        }
        return true;
      }
      /** @inheritdoc */
      hasAttributeNS(namespace, localName) {
        const ns = namespace || null;
        for (let i = 0; i < this._attributeList.length; i++) {
          const attr = this._attributeList[i];
          if (attr._namespace === ns && attr._localName === localName) {
            return true;
          }
        }
        return false;
      }
      /** @inheritdoc */
      getAttributeNode(qualifiedName) {
        return (0, algorithm_1.element_getAnAttributeByName)(qualifiedName, this);
      }
      /** @inheritdoc */
      getAttributeNodeNS(namespace, localName) {
        return (0, algorithm_1.element_getAnAttributeByNamespaceAndLocalName)(namespace, localName, this);
      }
      /** @inheritdoc */
      setAttributeNode(attr) {
        return (0, algorithm_1.element_setAnAttribute)(attr, this);
      }
      /** @inheritdoc */
      setAttributeNodeNS(attr) {
        return (0, algorithm_1.element_setAnAttribute)(attr, this);
      }
      /** @inheritdoc */
      removeAttributeNode(attr) {
        let found = false;
        for (let i = 0; i < this._attributeList.length; i++) {
          const attribute = this._attributeList[i];
          if (attribute === attr) {
            found = true;
            break;
          }
        }
        if (!found)
          throw new DOMException_1.NotFoundError();
        (0, algorithm_1.element_remove)(attr, this);
        return attr;
      }
      /** @inheritdoc */
      attachShadow(init) {
        if (this._namespace !== infra_1.namespace.HTML)
          throw new DOMException_1.NotSupportedError();
        if (!(0, algorithm_1.customElement_isValidCustomElementName)(this._localName) && !(0, algorithm_1.customElement_isValidShadowHostName)(this._localName))
          throw new DOMException_1.NotSupportedError();
        if ((0, algorithm_1.customElement_isValidCustomElementName)(this._localName) || this._is !== null) {
          const definition = (0, algorithm_1.customElement_lookUpACustomElementDefinition)(this._nodeDocument, this._namespace, this._localName, this._is);
          if (definition !== null && definition.disableShadow === true) {
            throw new DOMException_1.NotSupportedError();
          }
        }
        if (this._shadowRoot !== null)
          throw new DOMException_1.NotSupportedError();
        const shadow = (0, algorithm_1.create_shadowRoot)(this._nodeDocument, this);
        shadow._mode = init.mode;
        this._shadowRoot = shadow;
        return shadow;
      }
      /** @inheritdoc */
      get shadowRoot() {
        const shadow = this._shadowRoot;
        if (shadow === null || shadow.mode === "closed")
          return null;
        else
          return shadow;
      }
      /** @inheritdoc */
      closest(selectors) {
        throw new DOMException_1.NotImplementedError();
      }
      /** @inheritdoc */
      matches(selectors) {
        throw new DOMException_1.NotImplementedError();
      }
      /** @inheritdoc */
      webkitMatchesSelector(selectors) {
        return this.matches(selectors);
      }
      /** @inheritdoc */
      getElementsByTagName(qualifiedName) {
        return (0, algorithm_1.node_listOfElementsWithQualifiedName)(qualifiedName, this);
      }
      /** @inheritdoc */
      getElementsByTagNameNS(namespace, localName) {
        return (0, algorithm_1.node_listOfElementsWithNamespace)(namespace, localName, this);
      }
      /** @inheritdoc */
      getElementsByClassName(classNames) {
        return (0, algorithm_1.node_listOfElementsWithClassNames)(classNames, this);
      }
      /** @inheritdoc */
      insertAdjacentElement(where, element) {
        return (0, algorithm_1.element_insertAdjacent)(this, where, element);
      }
      /** @inheritdoc */
      insertAdjacentText(where, data) {
        const text = (0, algorithm_1.create_text)(this._nodeDocument, data);
        (0, algorithm_1.element_insertAdjacent)(this, where, text);
      }
      /**
       * Returns the qualified name.
       */
      get _qualifiedName() {
        return this._namespacePrefix ? this._namespacePrefix + ":" + this._localName : this._localName;
      }
      /**
       * Returns the upper-cased qualified name for a html element.
       */
      get _htmlUppercasedQualifiedName() {
        let qualifiedName = this._qualifiedName;
        if (this._namespace === infra_1.namespace.HTML && this._nodeDocument._type === "html") {
          qualifiedName = qualifiedName.toUpperCase();
        }
        return qualifiedName;
      }
      // MIXIN: ParentNode
      /* istanbul ignore next */
      get children() {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      get firstElementChild() {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      get lastElementChild() {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      get childElementCount() {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      prepend(...nodes) {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      append(...nodes) {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      querySelector(selectors) {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      querySelectorAll(selectors) {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      // MIXIN: NonDocumentTypeChildNode
      /* istanbul ignore next */
      get previousElementSibling() {
        throw new Error("Mixin: NonDocumentTypeChildNode not implemented.");
      }
      /* istanbul ignore next */
      get nextElementSibling() {
        throw new Error("Mixin: NonDocumentTypeChildNode not implemented.");
      }
      // MIXIN: ChildNode
      /* istanbul ignore next */
      before(...nodes) {
        throw new Error("Mixin: ChildNode not implemented.");
      }
      /* istanbul ignore next */
      after(...nodes) {
        throw new Error("Mixin: ChildNode not implemented.");
      }
      /* istanbul ignore next */
      replaceWith(...nodes) {
        throw new Error("Mixin: ChildNode not implemented.");
      }
      /* istanbul ignore next */
      remove() {
        throw new Error("Mixin: ChildNode not implemented.");
      }
      // MIXIN: Slotable
      /* istanbul ignore next */
      get assignedSlot() {
        throw new Error("Mixin: Slotable not implemented.");
      }
      /**
       * Creates a new `Element`.
       *
       * @param document - owner document
       * @param localName - local name
       * @param namespace - namespace
       * @param prefix - namespace prefix
       */
      static _create(document, localName, namespace = null, namespacePrefix = null) {
        const node = new _ElementImpl();
        node._localName = localName;
        node._namespace = namespace;
        node._namespacePrefix = namespacePrefix;
        node._nodeDocument = document;
        return node;
      }
    };
    exports2.ElementImpl = ElementImpl;
    (0, WebIDLAlgorithm_1.idl_defineConst)(ElementImpl.prototype, "_nodeType", interfaces_1.NodeType.Element);
  }
});

// node_modules/@oozcitak/dom/lib/dom/DocumentFragmentImpl.js
var require_DocumentFragmentImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/DocumentFragmentImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.DocumentFragmentImpl = void 0;
    var interfaces_1 = require_interfaces2();
    var NodeImpl_1 = require_NodeImpl();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var DocumentFragmentImpl = class _DocumentFragmentImpl extends NodeImpl_1.NodeImpl {
      _nodeType = interfaces_1.NodeType.DocumentFragment;
      _children = /* @__PURE__ */ new Set();
      _host;
      /**
       * Initializes a new instance of `DocumentFragment`.
       *
       * @param host - shadow root's host element
       */
      constructor(host = null) {
        super();
        this._host = host;
      }
      // MIXIN: NonElementParentNode
      /* istanbul ignore next */
      getElementById(elementId) {
        throw new Error("Mixin: NonElementParentNode not implemented.");
      }
      // MIXIN: ParentNode
      /* istanbul ignore next */
      get children() {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      get firstElementChild() {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      get lastElementChild() {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      get childElementCount() {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      prepend(...nodes) {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      append(...nodes) {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      querySelector(selectors) {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /* istanbul ignore next */
      querySelectorAll(selectors) {
        throw new Error("Mixin: ParentNode not implemented.");
      }
      /**
       * Creates a new `DocumentFragment`.
       *
       * @param document - owner document
       * @param host - shadow root's host element
       */
      static _create(document, host = null) {
        const node = new _DocumentFragmentImpl(host);
        node._nodeDocument = document;
        return node;
      }
    };
    exports2.DocumentFragmentImpl = DocumentFragmentImpl;
    (0, WebIDLAlgorithm_1.idl_defineConst)(DocumentFragmentImpl.prototype, "_nodeType", interfaces_1.NodeType.DocumentFragment);
  }
});

// node_modules/@oozcitak/dom/lib/dom/ShadowRootImpl.js
var require_ShadowRootImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/ShadowRootImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.ShadowRootImpl = void 0;
    var DocumentFragmentImpl_1 = require_DocumentFragmentImpl();
    var util_1 = require_lib();
    var algorithm_1 = require_algorithm();
    var ShadowRootImpl = class _ShadowRootImpl extends DocumentFragmentImpl_1.DocumentFragmentImpl {
      _host;
      _mode;
      /**
       * Initializes a new instance of `ShadowRoot`.
       *
       * @param host - shadow root's host element
       * @param mode - shadow root's mode
       */
      constructor(host, mode) {
        super();
        this._host = host;
        this._mode = mode;
      }
      /** @inheritdoc */
      get mode() {
        return this._mode;
      }
      /** @inheritdoc */
      get host() {
        return this._host;
      }
      /**
       * Gets the parent event target for the given event.
       *
       * @param event - an event
       */
      _getTheParent(event) {
        if (!event._composedFlag && !(0, util_1.isEmpty)(event._path) && (0, algorithm_1.tree_rootNode)(event._path[0].invocationTarget) === this) {
          return null;
        } else {
          return this._host;
        }
      }
      // MIXIN: DocumentOrShadowRoot
      // No elements
      /**
       * Creates a new `ShadowRoot`.
       *
       * @param document - owner document
       * @param host - shadow root's host element
       */
      static _create(document, host) {
        return new _ShadowRootImpl(host, "closed");
      }
    };
    exports2.ShadowRootImpl = ShadowRootImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/AttrImpl.js
var require_AttrImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/AttrImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.AttrImpl = void 0;
    var interfaces_1 = require_interfaces2();
    var NodeImpl_1 = require_NodeImpl();
    var algorithm_1 = require_algorithm();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var AttrImpl = class _AttrImpl extends NodeImpl_1.NodeImpl {
      _nodeType = interfaces_1.NodeType.Attribute;
      _localName;
      _namespace = null;
      _namespacePrefix = null;
      _element = null;
      _value = "";
      /**
       * Initializes a new instance of `Attr`.
       *
       * @param localName - local name
       */
      constructor(localName) {
        super();
        this._localName = localName;
      }
      /** @inheritdoc */
      specified;
      /** @inheritdoc */
      get ownerElement() {
        return this._element;
      }
      /** @inheritdoc */
      get namespaceURI() {
        return this._namespace;
      }
      /** @inheritdoc */
      get prefix() {
        return this._namespacePrefix;
      }
      /** @inheritdoc */
      get localName() {
        return this._localName;
      }
      /** @inheritdoc */
      get name() {
        return this._qualifiedName;
      }
      /** @inheritdoc */
      get value() {
        return this._value;
      }
      set value(value) {
        (0, algorithm_1.attr_setAnExistingAttributeValue)(this, value);
      }
      /**
       * Returns the qualified name.
       */
      get _qualifiedName() {
        return this._namespacePrefix !== null ? this._namespacePrefix + ":" + this._localName : this._localName;
      }
      /**
       * Creates an `Attr`.
       *
       * @param document - owner document
       * @param localName - local name
       */
      static _create(document, localName) {
        const node = new _AttrImpl(localName);
        node._nodeDocument = document;
        return node;
      }
    };
    exports2.AttrImpl = AttrImpl;
    (0, WebIDLAlgorithm_1.idl_defineConst)(AttrImpl.prototype, "_nodeType", interfaces_1.NodeType.Attribute);
    (0, WebIDLAlgorithm_1.idl_defineConst)(AttrImpl.prototype, "specified", true);
  }
});

// node_modules/@oozcitak/dom/lib/dom/CharacterDataImpl.js
var require_CharacterDataImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/CharacterDataImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.CharacterDataImpl = void 0;
    var NodeImpl_1 = require_NodeImpl();
    var algorithm_1 = require_algorithm();
    var CharacterDataImpl = class extends NodeImpl_1.NodeImpl {
      _data;
      /**
       * Initializes a new instance of `CharacterData`.
       *
       * @param data - the text content
       */
      constructor(data) {
        super();
        this._data = data;
      }
      /** @inheritdoc */
      get data() {
        return this._data;
      }
      set data(value) {
        (0, algorithm_1.characterData_replaceData)(this, 0, this._data.length, value);
      }
      /** @inheritdoc */
      get length() {
        return this._data.length;
      }
      /** @inheritdoc */
      substringData(offset, count) {
        return (0, algorithm_1.characterData_substringData)(this, offset, count);
      }
      /** @inheritdoc */
      appendData(data) {
        return (0, algorithm_1.characterData_replaceData)(this, this._data.length, 0, data);
      }
      /** @inheritdoc */
      insertData(offset, data) {
        (0, algorithm_1.characterData_replaceData)(this, offset, 0, data);
      }
      /** @inheritdoc */
      deleteData(offset, count) {
        (0, algorithm_1.characterData_replaceData)(this, offset, count, "");
      }
      /** @inheritdoc */
      replaceData(offset, count, data) {
        (0, algorithm_1.characterData_replaceData)(this, offset, count, data);
      }
      // MIXIN: NonDocumentTypeChildNode
      /* istanbul ignore next */
      get previousElementSibling() {
        throw new Error("Mixin: NonDocumentTypeChildNode not implemented.");
      }
      /* istanbul ignore next */
      get nextElementSibling() {
        throw new Error("Mixin: NonDocumentTypeChildNode not implemented.");
      }
      // MIXIN: ChildNode
      /* istanbul ignore next */
      before(...nodes) {
        throw new Error("Mixin: ChildNode not implemented.");
      }
      /* istanbul ignore next */
      after(...nodes) {
        throw new Error("Mixin: ChildNode not implemented.");
      }
      /* istanbul ignore next */
      replaceWith(...nodes) {
        throw new Error("Mixin: ChildNode not implemented.");
      }
      /* istanbul ignore next */
      remove() {
        throw new Error("Mixin: ChildNode not implemented.");
      }
    };
    exports2.CharacterDataImpl = CharacterDataImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/TextImpl.js
var require_TextImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/TextImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.TextImpl = void 0;
    var interfaces_1 = require_interfaces2();
    var CharacterDataImpl_1 = require_CharacterDataImpl();
    var algorithm_1 = require_algorithm();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var TextImpl = class _TextImpl extends CharacterDataImpl_1.CharacterDataImpl {
      _nodeType = interfaces_1.NodeType.Text;
      _name = "";
      _assignedSlot = null;
      /**
       * Initializes a new instance of `Text`.
       *
       * @param data - the text content
       */
      constructor(data = "") {
        super(data);
      }
      /** @inheritdoc */
      get wholeText() {
        let text = "";
        for (const node of (0, algorithm_1.text_contiguousTextNodes)(this, true)) {
          text = text + node._data;
        }
        return text;
      }
      /** @inheritdoc */
      splitText(offset) {
        return (0, algorithm_1.text_split)(this, offset);
      }
      // MIXIN: Slotable
      /* istanbul ignore next */
      get assignedSlot() {
        throw new Error("Mixin: Slotable not implemented.");
      }
      /**
       * Creates a `Text`.
       *
       * @param document - owner document
       * @param data - the text content
       */
      static _create(document, data = "") {
        const node = new _TextImpl(data);
        node._nodeDocument = document;
        return node;
      }
    };
    exports2.TextImpl = TextImpl;
    (0, WebIDLAlgorithm_1.idl_defineConst)(TextImpl.prototype, "_nodeType", interfaces_1.NodeType.Text);
  }
});

// node_modules/@oozcitak/dom/lib/dom/CDATASectionImpl.js
var require_CDATASectionImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/CDATASectionImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.CDATASectionImpl = void 0;
    var TextImpl_1 = require_TextImpl();
    var interfaces_1 = require_interfaces2();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var CDATASectionImpl = class _CDATASectionImpl extends TextImpl_1.TextImpl {
      _nodeType = interfaces_1.NodeType.CData;
      /**
       * Initializes a new instance of `CDATASection`.
       *
       * @param data - node contents
       */
      constructor(data) {
        super(data);
      }
      /**
       * Creates a new `CDATASection`.
       *
       * @param document - owner document
       * @param data - node contents
       */
      static _create(document, data = "") {
        const node = new _CDATASectionImpl(data);
        node._nodeDocument = document;
        return node;
      }
    };
    exports2.CDATASectionImpl = CDATASectionImpl;
    (0, WebIDLAlgorithm_1.idl_defineConst)(CDATASectionImpl.prototype, "_nodeType", interfaces_1.NodeType.CData);
  }
});

// node_modules/@oozcitak/dom/lib/dom/CommentImpl.js
var require_CommentImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/CommentImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.CommentImpl = void 0;
    var interfaces_1 = require_interfaces2();
    var CharacterDataImpl_1 = require_CharacterDataImpl();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var CommentImpl = class _CommentImpl extends CharacterDataImpl_1.CharacterDataImpl {
      _nodeType = interfaces_1.NodeType.Comment;
      /**
       * Initializes a new instance of `Comment`.
       *
       * @param data - the text content
       */
      constructor(data = "") {
        super(data);
      }
      /**
       * Creates a new `Comment`.
       *
       * @param document - owner document
       * @param data - node contents
       */
      static _create(document, data = "") {
        const node = new _CommentImpl(data);
        node._nodeDocument = document;
        return node;
      }
    };
    exports2.CommentImpl = CommentImpl;
    (0, WebIDLAlgorithm_1.idl_defineConst)(CommentImpl.prototype, "_nodeType", interfaces_1.NodeType.Comment);
  }
});

// node_modules/@oozcitak/dom/lib/dom/ProcessingInstructionImpl.js
var require_ProcessingInstructionImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/ProcessingInstructionImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.ProcessingInstructionImpl = void 0;
    var interfaces_1 = require_interfaces2();
    var CharacterDataImpl_1 = require_CharacterDataImpl();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var ProcessingInstructionImpl = class _ProcessingInstructionImpl extends CharacterDataImpl_1.CharacterDataImpl {
      _nodeType = interfaces_1.NodeType.ProcessingInstruction;
      _target;
      /**
       * Initializes a new instance of `ProcessingInstruction`.
       */
      constructor(target, data) {
        super(data);
        this._target = target;
      }
      /**
       * Gets the target of the {@link ProcessingInstruction} node.
       */
      get target() {
        return this._target;
      }
      /**
       * Creates a new `ProcessingInstruction`.
       *
       * @param document - owner document
       * @param target - instruction target
       * @param data - node contents
       */
      static _create(document, target, data) {
        const node = new _ProcessingInstructionImpl(target, data);
        node._nodeDocument = document;
        return node;
      }
    };
    exports2.ProcessingInstructionImpl = ProcessingInstructionImpl;
    (0, WebIDLAlgorithm_1.idl_defineConst)(ProcessingInstructionImpl.prototype, "_nodeType", interfaces_1.NodeType.ProcessingInstruction);
  }
});

// node_modules/@oozcitak/dom/lib/dom/HTMLCollectionImpl.js
var require_HTMLCollectionImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/HTMLCollectionImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.HTMLCollectionImpl = void 0;
    var infra_1 = require_lib2();
    var algorithm_1 = require_algorithm();
    var util_1 = require_util();
    var util_2 = require_lib();
    var HTMLCollectionImpl = class _HTMLCollectionImpl {
      _live = true;
      _root;
      _filter;
      static reservedNames = [
        "_root",
        "_live",
        "_filter",
        "length",
        "item",
        "namedItem",
        "get",
        "set"
      ];
      /**
       * Initializes a new instance of `HTMLCollection`.
       *
       * @param root - root node
       * @param filter - node filter
       */
      constructor(root, filter) {
        this._root = root;
        this._filter = filter;
        return new Proxy(this, this);
      }
      /** @inheritdoc */
      get length() {
        let count = 0;
        let node = (0, algorithm_1.tree_getFirstDescendantNode)(this._root, false, false, (e) => util_1.Guard.isElementNode(e) && this._filter(e));
        while (node !== null) {
          count++;
          node = (0, algorithm_1.tree_getNextDescendantNode)(this._root, node, false, false, (e) => util_1.Guard.isElementNode(e) && this._filter(e));
        }
        return count;
      }
      /** @inheritdoc */
      item(index) {
        let i = 0;
        let node = (0, algorithm_1.tree_getFirstDescendantNode)(this._root, false, false, (e) => util_1.Guard.isElementNode(e) && this._filter(e));
        while (node !== null) {
          if (i === index)
            return node;
          else
            i++;
          node = (0, algorithm_1.tree_getNextDescendantNode)(this._root, node, false, false, (e) => util_1.Guard.isElementNode(e) && this._filter(e));
        }
        return null;
      }
      /** @inheritdoc */
      namedItem(key) {
        if (key === "")
          return null;
        let ele = (0, algorithm_1.tree_getFirstDescendantNode)(this._root, false, false, (e) => util_1.Guard.isElementNode(e) && this._filter(e));
        while (ele != null) {
          if (ele._uniqueIdentifier === key) {
            return ele;
          } else if (ele._namespace === infra_1.namespace.HTML) {
            for (let i = 0; i < ele._attributeList.length; i++) {
              const attr = ele._attributeList[i];
              if (attr._localName === "name" && attr._namespace === null && attr._namespacePrefix === null && attr._value === key)
                return ele;
            }
          }
          ele = (0, algorithm_1.tree_getNextDescendantNode)(this._root, ele, false, false, (e) => util_1.Guard.isElementNode(e) && this._filter(e));
        }
        return null;
      }
      /** @inheritdoc */
      [Symbol.iterator]() {
        const root = this._root;
        const filter = this._filter;
        let currentNode = (0, algorithm_1.tree_getFirstDescendantNode)(root, false, false, (e) => util_1.Guard.isElementNode(e) && filter(e));
        return {
          next() {
            if (currentNode === null) {
              return { done: true, value: null };
            } else {
              const result = { done: false, value: currentNode };
              currentNode = (0, algorithm_1.tree_getNextDescendantNode)(root, currentNode, false, false, (e) => util_1.Guard.isElementNode(e) && filter(e));
              return result;
            }
          }
        };
      }
      /**
       * Implements a proxy get trap to provide array-like access.
       */
      get(target, key, receiver) {
        if (!(0, util_2.isString)(key) || _HTMLCollectionImpl.reservedNames.indexOf(key) !== -1) {
          return Reflect.get(target, key, receiver);
        }
        const index = Number(key);
        if (isNaN(index)) {
          return target.namedItem(key) || void 0;
        } else {
          return target.item(index) || void 0;
        }
      }
      /**
       * Implements a proxy set trap to provide array-like access.
       */
      set(target, key, value, receiver) {
        if (!(0, util_2.isString)(key) || _HTMLCollectionImpl.reservedNames.indexOf(key) !== -1) {
          return Reflect.set(target, key, value, receiver);
        }
        const index = Number(key);
        const node = isNaN(index) ? target.namedItem(key) || void 0 : target.item(index) || void 0;
        if (node && node._parent) {
          (0, algorithm_1.mutation_replace)(node, value, node._parent);
          return true;
        } else {
          return false;
        }
      }
      /**
       * Creates a new `HTMLCollection`.
       *
       * @param root - root node
       * @param filter - node filter
       */
      static _create(root, filter = (() => true)) {
        return new _HTMLCollectionImpl(root, filter);
      }
    };
    exports2.HTMLCollectionImpl = HTMLCollectionImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/NodeListImpl.js
var require_NodeListImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/NodeListImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.NodeListImpl = void 0;
    var DOMImpl_1 = require_DOMImpl();
    var util_1 = require_lib();
    var algorithm_1 = require_algorithm();
    var NodeListImpl = class _NodeListImpl {
      _live = true;
      _root;
      _filter = null;
      _length = 0;
      /**
       * Initializes a new instance of `NodeList`.
       *
       * @param root - root node
       */
      constructor(root) {
        this._root = root;
        return new Proxy(this, this);
      }
      /** @inheritdoc */
      get length() {
        return this._root._children.size;
      }
      /** @inheritdoc */
      item(index) {
        if (index < 0 || index > this.length - 1)
          return null;
        if (index < this.length / 2) {
          let i = 0;
          let node = this._root._firstChild;
          while (node !== null && i !== index) {
            node = node._nextSibling;
            i++;
          }
          return node;
        } else {
          let i = this.length - 1;
          let node = this._root._lastChild;
          while (node !== null && i !== index) {
            node = node._previousSibling;
            i--;
          }
          return node;
        }
      }
      /** @inheritdoc */
      keys() {
        return {
          [Symbol.iterator]: function() {
            let index = 0;
            return {
              next: function() {
                if (index === this.length) {
                  return { done: true, value: null };
                } else {
                  return { done: false, value: index++ };
                }
              }.bind(this)
            };
          }.bind(this)
        };
      }
      /** @inheritdoc */
      values() {
        return {
          [Symbol.iterator]: function() {
            const it = this[Symbol.iterator]();
            return {
              next() {
                return it.next();
              }
            };
          }.bind(this)
        };
      }
      /** @inheritdoc */
      entries() {
        return {
          [Symbol.iterator]: function() {
            const it = this[Symbol.iterator]();
            let index = 0;
            return {
              next() {
                const itResult = it.next();
                if (itResult.done) {
                  return { done: true, value: null };
                } else {
                  return { done: false, value: [index++, itResult.value] };
                }
              }
            };
          }.bind(this)
        };
      }
      /** @inheritdoc */
      [Symbol.iterator]() {
        return this._root._children[Symbol.iterator]();
      }
      /** @inheritdoc */
      forEach(callback, thisArg) {
        if (thisArg === void 0) {
          thisArg = DOMImpl_1.dom.window;
        }
        let index = 0;
        for (const node of this._root._children) {
          callback.call(thisArg, node, index++, this);
        }
      }
      /**
       * Implements a proxy get trap to provide array-like access.
       */
      get(target, key, receiver) {
        if (!(0, util_1.isString)(key)) {
          return Reflect.get(target, key, receiver);
        }
        const index = Number(key);
        if (isNaN(index)) {
          return Reflect.get(target, key, receiver);
        }
        return target.item(index) || void 0;
      }
      /**
       * Implements a proxy set trap to provide array-like access.
       */
      set(target, key, value, receiver) {
        if (!(0, util_1.isString)(key)) {
          return Reflect.set(target, key, value, receiver);
        }
        const index = Number(key);
        if (isNaN(index)) {
          return Reflect.set(target, key, value, receiver);
        }
        const node = target.item(index) || void 0;
        if (!node)
          return false;
        if (node._parent) {
          (0, algorithm_1.mutation_replace)(node, value, node._parent);
          return true;
        } else {
          return false;
        }
      }
      /**
       * Creates a new `NodeList`.
       *
       * @param root - root node
       */
      static _create(root) {
        return new _NodeListImpl(root);
      }
    };
    exports2.NodeListImpl = NodeListImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/NodeListStaticImpl.js
var require_NodeListStaticImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/NodeListStaticImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.NodeListStaticImpl = void 0;
    var DOMImpl_1 = require_DOMImpl();
    var util_1 = require_lib();
    var NodeListStaticImpl = class _NodeListStaticImpl {
      _live = false;
      _root;
      _filter;
      _items = [];
      _length = 0;
      /**
       * Initializes a new instance of `NodeList`.
       *
       * @param root - root node
       */
      constructor(root) {
        this._root = root;
        this._items = [];
        this._filter = function(node) {
          return true;
        };
        return new Proxy(this, this);
      }
      /** @inheritdoc */
      get length() {
        return this._items.length;
      }
      /** @inheritdoc */
      item(index) {
        if (index < 0 || index > this.length - 1)
          return null;
        return this._items[index];
      }
      /** @inheritdoc */
      keys() {
        return {
          [Symbol.iterator]: function() {
            let index = 0;
            return {
              next: function() {
                if (index === this.length) {
                  return { done: true, value: null };
                } else {
                  return { done: false, value: index++ };
                }
              }.bind(this)
            };
          }.bind(this)
        };
      }
      /** @inheritdoc */
      values() {
        return {
          [Symbol.iterator]: function() {
            const it = this[Symbol.iterator]();
            return {
              next() {
                return it.next();
              }
            };
          }.bind(this)
        };
      }
      /** @inheritdoc */
      entries() {
        return {
          [Symbol.iterator]: function() {
            const it = this[Symbol.iterator]();
            let index = 0;
            return {
              next() {
                const itResult = it.next();
                if (itResult.done) {
                  return { done: true, value: null };
                } else {
                  return { done: false, value: [index++, itResult.value] };
                }
              }
            };
          }.bind(this)
        };
      }
      /** @inheritdoc */
      [Symbol.iterator]() {
        const it = this._items[Symbol.iterator]();
        return {
          next() {
            return it.next();
          }
        };
      }
      /** @inheritdoc */
      forEach(callback, thisArg) {
        if (thisArg === void 0) {
          thisArg = DOMImpl_1.dom.window;
        }
        let index = 0;
        for (const node of this._items) {
          callback.call(thisArg, node, index++, this);
        }
      }
      /**
       * Implements a proxy get trap to provide array-like access.
       */
      get(target, key, receiver) {
        if (!(0, util_1.isString)(key)) {
          return Reflect.get(target, key, receiver);
        }
        const index = Number(key);
        if (isNaN(index)) {
          return Reflect.get(target, key, receiver);
        }
        return target._items[index] || void 0;
      }
      /**
       * Implements a proxy set trap to provide array-like access.
       */
      set(target, key, value, receiver) {
        if (!(0, util_1.isString)(key)) {
          return Reflect.set(target, key, value, receiver);
        }
        const index = Number(key);
        if (isNaN(index)) {
          return Reflect.set(target, key, value, receiver);
        }
        if (index >= 0 && index < target._items.length) {
          target._items[index] = value;
          return true;
        } else {
          return false;
        }
      }
      /**
       * Creates a new `NodeList`.
       *
       * @param root - root node
       * @param items - a list of items to initialize the list
       */
      static _create(root, items) {
        const list = new _NodeListStaticImpl(root);
        list._items = items;
        return list;
      }
    };
    exports2.NodeListStaticImpl = NodeListStaticImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/NamedNodeMapImpl.js
var require_NamedNodeMapImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/NamedNodeMapImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.NamedNodeMapImpl = void 0;
    var DOMException_1 = require_DOMException();
    var algorithm_1 = require_algorithm();
    var NamedNodeMapImpl = class _NamedNodeMapImpl extends Array {
      _element;
      /**
       * Initializes a new instance of `NamedNodeMap`.
       *
       * @param element - parent element
       */
      constructor(element) {
        super();
        this._element = element;
        Object.setPrototypeOf(this, _NamedNodeMapImpl.prototype);
      }
      _asArray() {
        return this;
      }
      /** @inheritdoc */
      item(index) {
        return this[index] || null;
      }
      /** @inheritdoc */
      getNamedItem(qualifiedName) {
        return (0, algorithm_1.element_getAnAttributeByName)(qualifiedName, this._element);
      }
      /** @inheritdoc */
      getNamedItemNS(namespace, localName) {
        return (0, algorithm_1.element_getAnAttributeByNamespaceAndLocalName)(namespace || "", localName, this._element);
      }
      /** @inheritdoc */
      setNamedItem(attr) {
        return (0, algorithm_1.element_setAnAttribute)(attr, this._element);
      }
      /** @inheritdoc */
      setNamedItemNS(attr) {
        return (0, algorithm_1.element_setAnAttribute)(attr, this._element);
      }
      /** @inheritdoc */
      removeNamedItem(qualifiedName) {
        const attr = (0, algorithm_1.element_removeAnAttributeByName)(qualifiedName, this._element);
        if (attr === null)
          throw new DOMException_1.NotFoundError();
        return attr;
      }
      /** @inheritdoc */
      removeNamedItemNS(namespace, localName) {
        const attr = (0, algorithm_1.element_removeAnAttributeByNamespaceAndLocalName)(namespace || "", localName, this._element);
        if (attr === null)
          throw new DOMException_1.NotFoundError();
        return attr;
      }
      /**
       * Creates a new `NamedNodeMap`.
       *
       * @param element - parent element
       */
      static _create(element) {
        return new _NamedNodeMapImpl(element);
      }
    };
    exports2.NamedNodeMapImpl = NamedNodeMapImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/AbstractRangeImpl.js
var require_AbstractRangeImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/AbstractRangeImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.AbstractRangeImpl = void 0;
    var AbstractRangeImpl = class {
      get _startNode() {
        return this._start[0];
      }
      get _startOffset() {
        return this._start[1];
      }
      get _endNode() {
        return this._end[0];
      }
      get _endOffset() {
        return this._end[1];
      }
      get _collapsed() {
        return this._start[0] === this._end[0] && this._start[1] === this._end[1];
      }
      /** @inheritdoc */
      get startContainer() {
        return this._startNode;
      }
      /** @inheritdoc */
      get startOffset() {
        return this._startOffset;
      }
      /** @inheritdoc */
      get endContainer() {
        return this._endNode;
      }
      /** @inheritdoc */
      get endOffset() {
        return this._endOffset;
      }
      /** @inheritdoc */
      get collapsed() {
        return this._collapsed;
      }
    };
    exports2.AbstractRangeImpl = AbstractRangeImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/RangeImpl.js
var require_RangeImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/RangeImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.RangeImpl = void 0;
    var DOMImpl_1 = require_DOMImpl();
    var interfaces_1 = require_interfaces2();
    var AbstractRangeImpl_1 = require_AbstractRangeImpl();
    var DOMException_1 = require_DOMException();
    var algorithm_1 = require_algorithm();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var util_1 = require_util();
    var RangeImpl = class _RangeImpl extends AbstractRangeImpl_1.AbstractRangeImpl {
      static START_TO_START = 0;
      static START_TO_END = 1;
      static END_TO_END = 2;
      static END_TO_START = 3;
      START_TO_START = 0;
      START_TO_END = 1;
      END_TO_END = 2;
      END_TO_START = 3;
      _start;
      _end;
      /**
       * Initializes a new instance of `Range`.
       */
      constructor() {
        super();
        const doc = DOMImpl_1.dom.window._associatedDocument;
        this._start = [doc, 0];
        this._end = [doc, 0];
        DOMImpl_1.dom.rangeList.add(this);
      }
      /** @inheritdoc */
      get commonAncestorContainer() {
        let container = this._start[0];
        while (!(0, algorithm_1.tree_isAncestorOf)(this._end[0], container, true)) {
          if (container._parent === null) {
            throw new Error("Parent node  is null.");
          }
          container = container._parent;
        }
        return container;
      }
      /** @inheritdoc */
      setStart(node, offset) {
        (0, algorithm_1.range_setTheStart)(this, node, offset);
      }
      /** @inheritdoc */
      setEnd(node, offset) {
        (0, algorithm_1.range_setTheEnd)(this, node, offset);
      }
      /** @inheritdoc */
      setStartBefore(node) {
        let parent = node._parent;
        if (parent === null)
          throw new DOMException_1.InvalidNodeTypeError();
        (0, algorithm_1.range_setTheStart)(this, parent, (0, algorithm_1.tree_index)(node));
      }
      /** @inheritdoc */
      setStartAfter(node) {
        let parent = node._parent;
        if (parent === null)
          throw new DOMException_1.InvalidNodeTypeError();
        (0, algorithm_1.range_setTheStart)(this, parent, (0, algorithm_1.tree_index)(node) + 1);
      }
      /** @inheritdoc */
      setEndBefore(node) {
        let parent = node._parent;
        if (parent === null)
          throw new DOMException_1.InvalidNodeTypeError();
        (0, algorithm_1.range_setTheEnd)(this, parent, (0, algorithm_1.tree_index)(node));
      }
      /** @inheritdoc */
      setEndAfter(node) {
        let parent = node._parent;
        if (parent === null)
          throw new DOMException_1.InvalidNodeTypeError();
        (0, algorithm_1.range_setTheEnd)(this, parent, (0, algorithm_1.tree_index)(node) + 1);
      }
      /** @inheritdoc */
      collapse(toStart) {
        if (toStart) {
          this._end = this._start;
        } else {
          this._start = this._end;
        }
      }
      /** @inheritdoc */
      selectNode(node) {
        (0, algorithm_1.range_select)(node, this);
      }
      /** @inheritdoc */
      selectNodeContents(node) {
        if (util_1.Guard.isDocumentTypeNode(node))
          throw new DOMException_1.InvalidNodeTypeError();
        const length = (0, algorithm_1.tree_nodeLength)(node);
        this._start = [node, 0];
        this._end = [node, length];
      }
      /** @inheritdoc */
      compareBoundaryPoints(how, sourceRange) {
        if (how !== interfaces_1.HowToCompare.StartToStart && how !== interfaces_1.HowToCompare.StartToEnd && how !== interfaces_1.HowToCompare.EndToEnd && how !== interfaces_1.HowToCompare.EndToStart)
          throw new DOMException_1.NotSupportedError();
        if ((0, algorithm_1.range_root)(this) !== (0, algorithm_1.range_root)(sourceRange))
          throw new DOMException_1.WrongDocumentError();
        let thisPoint;
        let otherPoint;
        switch (how) {
          case interfaces_1.HowToCompare.StartToStart:
            thisPoint = this._start;
            otherPoint = sourceRange._start;
            break;
          case interfaces_1.HowToCompare.StartToEnd:
            thisPoint = this._end;
            otherPoint = sourceRange._start;
            break;
          case interfaces_1.HowToCompare.EndToEnd:
            thisPoint = this._end;
            otherPoint = sourceRange._end;
            break;
          case interfaces_1.HowToCompare.EndToStart:
            thisPoint = this._start;
            otherPoint = sourceRange._end;
            break;
          /* istanbul ignore next */
          default:
            throw new DOMException_1.NotSupportedError();
        }
        const position = (0, algorithm_1.boundaryPoint_position)(thisPoint, otherPoint);
        if (position === interfaces_1.BoundaryPosition.Before) {
          return -1;
        } else if (position === interfaces_1.BoundaryPosition.After) {
          return 1;
        } else {
          return 0;
        }
      }
      /** @inheritdoc */
      deleteContents() {
        if ((0, algorithm_1.range_collapsed)(this))
          return;
        const originalStartNode = this._startNode;
        const originalStartOffset = this._startOffset;
        const originalEndNode = this._endNode;
        const originalEndOffset = this._endOffset;
        if (originalStartNode === originalEndNode && util_1.Guard.isCharacterDataNode(originalStartNode)) {
          (0, algorithm_1.characterData_replaceData)(originalStartNode, originalStartOffset, originalEndOffset - originalStartOffset, "");
          return;
        }
        const nodesToRemove = [];
        for (const node of (0, algorithm_1.range_getContainedNodes)(this)) {
          const parent = node._parent;
          if (parent !== null && (0, algorithm_1.range_isContained)(parent, this)) {
            continue;
          }
          nodesToRemove.push(node);
        }
        let newNode;
        let newOffset;
        if ((0, algorithm_1.tree_isAncestorOf)(originalEndNode, originalStartNode, true)) {
          newNode = originalStartNode;
          newOffset = originalStartOffset;
        } else {
          let referenceNode = originalStartNode;
          while (referenceNode._parent !== null && !(0, algorithm_1.tree_isAncestorOf)(originalEndNode, referenceNode._parent, true)) {
            referenceNode = referenceNode._parent;
          }
          if (referenceNode._parent === null) {
            throw new Error("Parent node is null.");
          }
          newNode = referenceNode._parent;
          newOffset = (0, algorithm_1.tree_index)(referenceNode) + 1;
        }
        if (util_1.Guard.isCharacterDataNode(originalStartNode)) {
          (0, algorithm_1.characterData_replaceData)(originalStartNode, originalStartOffset, (0, algorithm_1.tree_nodeLength)(originalStartNode) - originalStartOffset, "");
        }
        for (const node of nodesToRemove) {
          if (node._parent) {
            (0, algorithm_1.mutation_remove)(node, node._parent);
          }
        }
        if (util_1.Guard.isCharacterDataNode(originalEndNode)) {
          (0, algorithm_1.characterData_replaceData)(originalEndNode, 0, originalEndOffset, "");
        }
        this._start = [newNode, newOffset];
        this._end = [newNode, newOffset];
      }
      /** @inheritdoc */
      extractContents() {
        return (0, algorithm_1.range_extract)(this);
      }
      /** @inheritdoc */
      cloneContents() {
        return (0, algorithm_1.range_cloneTheContents)(this);
      }
      /** @inheritdoc */
      insertNode(node) {
        return (0, algorithm_1.range_insert)(node, this);
      }
      /** @inheritdoc */
      surroundContents(newParent) {
        for (const node of (0, algorithm_1.range_getPartiallyContainedNodes)(this)) {
          if (!util_1.Guard.isTextNode(node)) {
            throw new DOMException_1.InvalidStateError();
          }
        }
        if (util_1.Guard.isDocumentNode(newParent) || util_1.Guard.isDocumentTypeNode(newParent) || util_1.Guard.isDocumentFragmentNode(newParent)) {
          throw new DOMException_1.InvalidNodeTypeError();
        }
        const fragment = (0, algorithm_1.range_extract)(this);
        if (newParent._children.size !== 0) {
          (0, algorithm_1.mutation_replaceAll)(null, newParent);
        }
        (0, algorithm_1.range_insert)(newParent, this);
        (0, algorithm_1.mutation_append)(fragment, newParent);
        (0, algorithm_1.range_select)(newParent, this);
      }
      /** @inheritdoc */
      cloneRange() {
        return (0, algorithm_1.create_range)(this._start, this._end);
      }
      /** @inheritdoc */
      detach() {
        DOMImpl_1.dom.rangeList.delete(this);
      }
      /** @inheritdoc */
      isPointInRange(node, offset) {
        if ((0, algorithm_1.tree_rootNode)(node) !== (0, algorithm_1.range_root)(this)) {
          return false;
        }
        if (util_1.Guard.isDocumentTypeNode(node))
          throw new DOMException_1.InvalidNodeTypeError();
        if (offset > (0, algorithm_1.tree_nodeLength)(node))
          throw new DOMException_1.IndexSizeError();
        const bp = [node, offset];
        if ((0, algorithm_1.boundaryPoint_position)(bp, this._start) === interfaces_1.BoundaryPosition.Before || (0, algorithm_1.boundaryPoint_position)(bp, this._end) === interfaces_1.BoundaryPosition.After) {
          return false;
        }
        return true;
      }
      /** @inheritdoc */
      comparePoint(node, offset) {
        if ((0, algorithm_1.tree_rootNode)(node) !== (0, algorithm_1.range_root)(this))
          throw new DOMException_1.WrongDocumentError();
        if (util_1.Guard.isDocumentTypeNode(node))
          throw new DOMException_1.InvalidNodeTypeError();
        if (offset > (0, algorithm_1.tree_nodeLength)(node))
          throw new DOMException_1.IndexSizeError();
        const bp = [node, offset];
        if ((0, algorithm_1.boundaryPoint_position)(bp, this._start) === interfaces_1.BoundaryPosition.Before) {
          return -1;
        } else if ((0, algorithm_1.boundaryPoint_position)(bp, this._end) === interfaces_1.BoundaryPosition.After) {
          return 1;
        } else {
          return 0;
        }
      }
      /** @inheritdoc */
      intersectsNode(node) {
        if ((0, algorithm_1.tree_rootNode)(node) !== (0, algorithm_1.range_root)(this)) {
          return false;
        }
        const parent = node._parent;
        if (parent === null)
          return true;
        const offset = (0, algorithm_1.tree_index)(node);
        if ((0, algorithm_1.boundaryPoint_position)([parent, offset], this._end) === interfaces_1.BoundaryPosition.Before && (0, algorithm_1.boundaryPoint_position)([parent, offset + 1], this._start) === interfaces_1.BoundaryPosition.After) {
          return true;
        }
        return false;
      }
      toString() {
        let s = "";
        if (this._startNode === this._endNode && util_1.Guard.isTextNode(this._startNode)) {
          return this._startNode._data.substring(this._startOffset, this._endOffset);
        }
        if (util_1.Guard.isTextNode(this._startNode)) {
          s += this._startNode._data.substring(this._startOffset);
        }
        for (const child of (0, algorithm_1.range_getContainedNodes)(this)) {
          if (util_1.Guard.isTextNode(child)) {
            s += child._data;
          }
        }
        if (util_1.Guard.isTextNode(this._endNode)) {
          s += this._endNode._data.substring(0, this._endOffset);
        }
        return s;
      }
      /**
       * Creates a new `Range`.
       *
       * @param start - start point
       * @param end - end point
       */
      static _create(start, end) {
        const range = new _RangeImpl();
        if (start)
          range._start = start;
        if (end)
          range._end = end;
        return range;
      }
    };
    exports2.RangeImpl = RangeImpl;
    (0, WebIDLAlgorithm_1.idl_defineConst)(RangeImpl.prototype, "START_TO_START", 0);
    (0, WebIDLAlgorithm_1.idl_defineConst)(RangeImpl.prototype, "START_TO_END", 1);
    (0, WebIDLAlgorithm_1.idl_defineConst)(RangeImpl.prototype, "END_TO_END", 2);
    (0, WebIDLAlgorithm_1.idl_defineConst)(RangeImpl.prototype, "END_TO_START", 3);
  }
});

// node_modules/@oozcitak/dom/lib/dom/TraverserImpl.js
var require_TraverserImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/TraverserImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.TraverserImpl = void 0;
    var interfaces_1 = require_interfaces2();
    var TraverserImpl = class {
      _activeFlag;
      _root;
      _whatToShow;
      _filter;
      /**
       * Initializes a new instance of `Traverser`.
       *
       * @param root - root node
       */
      constructor(root) {
        this._activeFlag = false;
        this._root = root;
        this._whatToShow = interfaces_1.WhatToShow.All;
        this._filter = null;
      }
      /** @inheritdoc */
      get root() {
        return this._root;
      }
      /** @inheritdoc */
      get whatToShow() {
        return this._whatToShow;
      }
      /** @inheritdoc */
      get filter() {
        return this._filter;
      }
    };
    exports2.TraverserImpl = TraverserImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/NodeIteratorImpl.js
var require_NodeIteratorImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/NodeIteratorImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.NodeIteratorImpl = void 0;
    var TraverserImpl_1 = require_TraverserImpl();
    var algorithm_1 = require_algorithm();
    var NodeIteratorImpl = class _NodeIteratorImpl extends TraverserImpl_1.TraverserImpl {
      _iteratorCollection;
      _reference;
      _pointerBeforeReference;
      /**
       * Initializes a new instance of `NodeIterator`.
       */
      constructor(root, reference, pointerBeforeReference) {
        super(root);
        this._iteratorCollection = void 0;
        this._reference = reference;
        this._pointerBeforeReference = pointerBeforeReference;
        (0, algorithm_1.nodeIterator_iteratorList)().add(this);
      }
      /** @inheritdoc */
      get referenceNode() {
        return this._reference;
      }
      /** @inheritdoc */
      get pointerBeforeReferenceNode() {
        return this._pointerBeforeReference;
      }
      /** @inheritdoc */
      nextNode() {
        return (0, algorithm_1.nodeIterator_traverse)(this, true);
      }
      /** @inheritdoc */
      previousNode() {
        return (0, algorithm_1.nodeIterator_traverse)(this, false);
      }
      /** @inheritdoc */
      detach() {
        (0, algorithm_1.nodeIterator_iteratorList)().delete(this);
      }
      /**
       * Creates a new `NodeIterator`.
       *
       * @param root - iterator's root node
       * @param reference - reference node
       * @param pointerBeforeReference - whether the iterator is before or after the
       * reference node
       */
      static _create(root, reference, pointerBeforeReference) {
        return new _NodeIteratorImpl(root, reference, pointerBeforeReference);
      }
    };
    exports2.NodeIteratorImpl = NodeIteratorImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/TreeWalkerImpl.js
var require_TreeWalkerImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/TreeWalkerImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.TreeWalkerImpl = void 0;
    var interfaces_1 = require_interfaces2();
    var TraverserImpl_1 = require_TraverserImpl();
    var algorithm_1 = require_algorithm();
    var TreeWalkerImpl = class _TreeWalkerImpl extends TraverserImpl_1.TraverserImpl {
      _current;
      /**
       * Initializes a new instance of `TreeWalker`.
       */
      constructor(root, current) {
        super(root);
        this._current = current;
      }
      /** @inheritdoc */
      get currentNode() {
        return this._current;
      }
      set currentNode(value) {
        this._current = value;
      }
      /** @inheritdoc */
      parentNode() {
        let node = this._current;
        while (node !== null && node !== this._root) {
          node = node._parent;
          if (node !== null && (0, algorithm_1.traversal_filter)(this, node) === interfaces_1.FilterResult.Accept) {
            this._current = node;
            return node;
          }
        }
        return null;
      }
      /** @inheritdoc */
      firstChild() {
        return (0, algorithm_1.treeWalker_traverseChildren)(this, true);
      }
      /** @inheritdoc */
      lastChild() {
        return (0, algorithm_1.treeWalker_traverseChildren)(this, false);
      }
      /** @inheritdoc */
      nextSibling() {
        return (0, algorithm_1.treeWalker_traverseSiblings)(this, true);
      }
      /** @inheritdoc */
      previousNode() {
        let node = this._current;
        while (node !== this._root) {
          let sibling = node._previousSibling;
          while (sibling) {
            node = sibling;
            let result = (0, algorithm_1.traversal_filter)(this, node);
            while (result !== interfaces_1.FilterResult.Reject && node._lastChild) {
              node = node._lastChild;
              result = (0, algorithm_1.traversal_filter)(this, node);
            }
            if (result === interfaces_1.FilterResult.Accept) {
              this._current = node;
              return node;
            }
            sibling = node._previousSibling;
          }
          if (node === this._root || node._parent === null) {
            return null;
          }
          node = node._parent;
          if ((0, algorithm_1.traversal_filter)(this, node) === interfaces_1.FilterResult.Accept) {
            this._current = node;
            return node;
          }
        }
        return null;
      }
      /** @inheritdoc */
      previousSibling() {
        return (0, algorithm_1.treeWalker_traverseSiblings)(this, false);
      }
      /** @inheritdoc */
      nextNode() {
        let node = this._current;
        let result = interfaces_1.FilterResult.Accept;
        while (true) {
          while (result !== interfaces_1.FilterResult.Reject && node._firstChild) {
            node = node._firstChild;
            result = (0, algorithm_1.traversal_filter)(this, node);
            if (result === interfaces_1.FilterResult.Accept) {
              this._current = node;
              return node;
            }
          }
          let sibling = null;
          let temporary = node;
          while (temporary !== null) {
            if (temporary === this._root) {
              return null;
            }
            sibling = temporary._nextSibling;
            if (sibling !== null) {
              node = sibling;
              break;
            }
            temporary = temporary._parent;
          }
          result = (0, algorithm_1.traversal_filter)(this, node);
          if (result === interfaces_1.FilterResult.Accept) {
            this._current = node;
            return node;
          }
        }
      }
      /**
       * Creates a new `TreeWalker`.
       *
       * @param root - iterator's root node
       * @param current - current node
       */
      static _create(root, current) {
        return new _TreeWalkerImpl(root, current);
      }
    };
    exports2.TreeWalkerImpl = TreeWalkerImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/NodeFilterImpl.js
var require_NodeFilterImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/NodeFilterImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.NodeFilterImpl = void 0;
    var interfaces_1 = require_interfaces2();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var NodeFilterImpl = class _NodeFilterImpl {
      static FILTER_ACCEPT = 1;
      static FILTER_REJECT = 2;
      static FILTER_SKIP = 3;
      static SHOW_ALL = 4294967295;
      static SHOW_ELEMENT = 1;
      static SHOW_ATTRIBUTE = 2;
      static SHOW_TEXT = 4;
      static SHOW_CDATA_SECTION = 8;
      static SHOW_ENTITY_REFERENCE = 16;
      static SHOW_ENTITY = 32;
      static SHOW_PROCESSING_INSTRUCTION = 64;
      static SHOW_COMMENT = 128;
      static SHOW_DOCUMENT = 256;
      static SHOW_DOCUMENT_TYPE = 512;
      static SHOW_DOCUMENT_FRAGMENT = 1024;
      static SHOW_NOTATION = 2048;
      FILTER_ACCEPT = 1;
      FILTER_REJECT = 2;
      FILTER_SKIP = 3;
      SHOW_ALL = 4294967295;
      SHOW_ELEMENT = 1;
      SHOW_ATTRIBUTE = 2;
      SHOW_TEXT = 4;
      SHOW_CDATA_SECTION = 8;
      SHOW_ENTITY_REFERENCE = 16;
      SHOW_ENTITY = 32;
      SHOW_PROCESSING_INSTRUCTION = 64;
      SHOW_COMMENT = 128;
      SHOW_DOCUMENT = 256;
      SHOW_DOCUMENT_TYPE = 512;
      SHOW_DOCUMENT_FRAGMENT = 1024;
      SHOW_NOTATION = 2048;
      /**
       * Initializes a new instance of `NodeFilter`.
       */
      constructor() {
      }
      /**
       * Callback function.
       */
      acceptNode(node) {
        return interfaces_1.FilterResult.Accept;
      }
      /**
       * Creates a new `NodeFilter`.
       */
      static _create() {
        return new _NodeFilterImpl();
      }
    };
    exports2.NodeFilterImpl = NodeFilterImpl;
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "FILTER_ACCEPT", 1);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "FILTER_REJECT", 2);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "FILTER_SKIP", 3);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "SHOW_ALL", 4294967295);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "SHOW_ELEMENT", 1);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "SHOW_ATTRIBUTE", 2);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "SHOW_TEXT", 4);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "SHOW_CDATA_SECTION", 8);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "SHOW_ENTITY_REFERENCE", 16);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "SHOW_ENTITY", 32);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "SHOW_PROCESSING_INSTRUCTION", 64);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "SHOW_COMMENT", 128);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "SHOW_DOCUMENT", 256);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "SHOW_DOCUMENT_TYPE", 512);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "SHOW_DOCUMENT_FRAGMENT", 1024);
    (0, WebIDLAlgorithm_1.idl_defineConst)(NodeFilterImpl.prototype, "SHOW_NOTATION", 2048);
  }
});

// node_modules/@oozcitak/dom/lib/dom/MutationRecordImpl.js
var require_MutationRecordImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/MutationRecordImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.MutationRecordImpl = void 0;
    var MutationRecordImpl = class _MutationRecordImpl {
      _type;
      _target;
      _addedNodes;
      _removedNodes;
      _previousSibling;
      _nextSibling;
      _attributeName;
      _attributeNamespace;
      _oldValue;
      /**
       * Initializes a new instance of `MutationRecord`.
       *
       * @param type - type of mutation: `"attributes"` for an attribute
       * mutation, `"characterData"` for a mutation to a CharacterData node
       * and `"childList"` for a mutation to the tree of nodes.
       * @param target - node affected by the mutation.
       * @param addedNodes - list of added nodes.
       * @param removedNodes - list of removed nodes.
       * @param previousSibling - previous sibling of added or removed nodes.
       * @param nextSibling - next sibling of added or removed nodes.
       * @param attributeName - local name of the changed attribute,
       * and `null` otherwise.
       * @param attributeNamespace - namespace of the changed attribute,
       * and `null` otherwise.
       * @param oldValue - value before mutation: attribute value for an attribute
       * mutation, node `data` for a mutation to a CharacterData node and `null`
       * for a mutation to the tree of nodes.
       */
      constructor(type, target, addedNodes, removedNodes, previousSibling, nextSibling, attributeName, attributeNamespace, oldValue) {
        this._type = type;
        this._target = target;
        this._addedNodes = addedNodes;
        this._removedNodes = removedNodes;
        this._previousSibling = previousSibling;
        this._nextSibling = nextSibling;
        this._attributeName = attributeName;
        this._attributeNamespace = attributeNamespace;
        this._oldValue = oldValue;
      }
      /** @inheritdoc */
      get type() {
        return this._type;
      }
      /** @inheritdoc */
      get target() {
        return this._target;
      }
      /** @inheritdoc */
      get addedNodes() {
        return this._addedNodes;
      }
      /** @inheritdoc */
      get removedNodes() {
        return this._removedNodes;
      }
      /** @inheritdoc */
      get previousSibling() {
        return this._previousSibling;
      }
      /** @inheritdoc */
      get nextSibling() {
        return this._nextSibling;
      }
      /** @inheritdoc */
      get attributeName() {
        return this._attributeName;
      }
      /** @inheritdoc */
      get attributeNamespace() {
        return this._attributeNamespace;
      }
      /** @inheritdoc */
      get oldValue() {
        return this._oldValue;
      }
      /**
       * Creates a new `MutationRecord`.
       *
       * @param type - type of mutation: `"attributes"` for an attribute
       * mutation, `"characterData"` for a mutation to a CharacterData node
       * and `"childList"` for a mutation to the tree of nodes.
       * @param target - node affected by the mutation.
       * @param addedNodes - list of added nodes.
       * @param removedNodes - list of removed nodes.
       * @param previousSibling - previous sibling of added or removed nodes.
       * @param nextSibling - next sibling of added or removed nodes.
       * @param attributeName - local name of the changed attribute,
       * and `null` otherwise.
       * @param attributeNamespace - namespace of the changed attribute,
       * and `null` otherwise.
       * @param oldValue - value before mutation: attribute value for an attribute
       * mutation, node `data` for a mutation to a CharacterData node and `null`
       * for a mutation to the tree of nodes.
       */
      static _create(type, target, addedNodes, removedNodes, previousSibling, nextSibling, attributeName, attributeNamespace, oldValue) {
        return new _MutationRecordImpl(type, target, addedNodes, removedNodes, previousSibling, nextSibling, attributeName, attributeNamespace, oldValue);
      }
    };
    exports2.MutationRecordImpl = MutationRecordImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/DOMTokenListImpl.js
var require_DOMTokenListImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/DOMTokenListImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.DOMTokenListImpl = void 0;
    var DOMImpl_1 = require_DOMImpl();
    var DOMException_1 = require_DOMException();
    var infra_1 = require_lib2();
    var algorithm_1 = require_algorithm();
    var DOMTokenListImpl = class _DOMTokenListImpl {
      _element;
      _attribute;
      _tokenSet;
      /**
       * Initializes a new instance of `DOMTokenList`.
       *
       * @param element - associated element
       * @param attribute - associated attribute
       */
      constructor(element, attribute) {
        this._element = element;
        this._attribute = attribute;
        this._tokenSet = /* @__PURE__ */ new Set();
        const localName = attribute._localName;
        const value = (0, algorithm_1.element_getAnAttributeValue)(element, localName);
        const thisObj = this;
        function updateTokenSet(element2, localName2, oldValue, value2, namespace) {
          if (localName2 === thisObj._attribute._localName && namespace === null) {
            if (!value2)
              thisObj._tokenSet.clear();
            else
              thisObj._tokenSet = (0, algorithm_1.orderedSet_parse)(value2);
          }
        }
        this._element._attributeChangeSteps.push(updateTokenSet);
        if (DOMImpl_1.dom.features.steps) {
          (0, algorithm_1.dom_runAttributeChangeSteps)(element, localName, value, value, null);
        }
      }
      /** @inheritdoc */
      get length() {
        return this._tokenSet.size;
      }
      /** @inheritdoc */
      item(index) {
        let i = 0;
        for (const token of this._tokenSet) {
          if (i === index)
            return token;
          i++;
        }
        return null;
      }
      /** @inheritdoc */
      contains(token) {
        return this._tokenSet.has(token);
      }
      /** @inheritdoc */
      add(...tokens) {
        for (const token of tokens) {
          if (token === "") {
            throw new DOMException_1.SyntaxError("Cannot add an empty token.");
          } else if (infra_1.codePoint.ASCIIWhiteSpace.test(token)) {
            throw new DOMException_1.InvalidCharacterError("Token cannot contain whitespace.");
          } else {
            this._tokenSet.add(token);
          }
        }
        (0, algorithm_1.tokenList_updateSteps)(this);
      }
      /** @inheritdoc */
      remove(...tokens) {
        for (const token of tokens) {
          if (token === "") {
            throw new DOMException_1.SyntaxError("Cannot remove an empty token.");
          } else if (infra_1.codePoint.ASCIIWhiteSpace.test(token)) {
            throw new DOMException_1.InvalidCharacterError("Token cannot contain whitespace.");
          } else {
            this._tokenSet.delete(token);
          }
        }
        (0, algorithm_1.tokenList_updateSteps)(this);
      }
      /** @inheritdoc */
      toggle(token, force = void 0) {
        if (token === "") {
          throw new DOMException_1.SyntaxError("Cannot toggle an empty token.");
        } else if (infra_1.codePoint.ASCIIWhiteSpace.test(token)) {
          throw new DOMException_1.InvalidCharacterError("Token cannot contain whitespace.");
        }
        if (this._tokenSet.has(token)) {
          if (force === void 0 || force === false) {
            this._tokenSet.delete(token);
            (0, algorithm_1.tokenList_updateSteps)(this);
            return false;
          }
          return true;
        }
        if (force === void 0 || force === true) {
          this._tokenSet.add(token);
          (0, algorithm_1.tokenList_updateSteps)(this);
          return true;
        }
        return false;
      }
      /** @inheritdoc */
      replace(token, newToken) {
        if (token === "" || newToken === "") {
          throw new DOMException_1.SyntaxError("Cannot replace an empty token.");
        } else if (infra_1.codePoint.ASCIIWhiteSpace.test(token) || infra_1.codePoint.ASCIIWhiteSpace.test(newToken)) {
          throw new DOMException_1.InvalidCharacterError("Token cannot contain whitespace.");
        }
        if (!this._tokenSet.has(token))
          return false;
        infra_1.set.replace(this._tokenSet, token, newToken);
        (0, algorithm_1.tokenList_updateSteps)(this);
        return true;
      }
      /** @inheritdoc */
      supports(token) {
        return (0, algorithm_1.tokenList_validationSteps)(this, token);
      }
      /** @inheritdoc */
      get value() {
        return (0, algorithm_1.tokenList_serializeSteps)(this);
      }
      set value(value) {
        (0, algorithm_1.element_setAnAttributeValue)(this._element, this._attribute._localName, value);
      }
      /**
       * Returns an iterator for the token set.
       */
      [Symbol.iterator]() {
        const it = this._tokenSet[Symbol.iterator]();
        return {
          next() {
            return it.next();
          }
        };
      }
      /**
       * Creates a new `DOMTokenList`.
       *
       * @param element - associated element
       * @param attribute - associated attribute
       */
      static _create(element, attribute) {
        return new _DOMTokenListImpl(element, attribute);
      }
    };
    exports2.DOMTokenListImpl = DOMTokenListImpl;
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/CreateAlgorithm.js
var require_CreateAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/CreateAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.create_domImplementation = create_domImplementation;
    exports2.create_window = create_window;
    exports2.create_xmlDocument = create_xmlDocument;
    exports2.create_document = create_document;
    exports2.create_abortController = create_abortController;
    exports2.create_abortSignal = create_abortSignal;
    exports2.create_documentType = create_documentType;
    exports2.create_element = create_element;
    exports2.create_htmlElement = create_htmlElement;
    exports2.create_htmlUnknownElement = create_htmlUnknownElement;
    exports2.create_documentFragment = create_documentFragment;
    exports2.create_shadowRoot = create_shadowRoot;
    exports2.create_attr = create_attr;
    exports2.create_text = create_text;
    exports2.create_cdataSection = create_cdataSection;
    exports2.create_comment = create_comment;
    exports2.create_processingInstruction = create_processingInstruction;
    exports2.create_htmlCollection = create_htmlCollection;
    exports2.create_nodeList = create_nodeList;
    exports2.create_nodeListStatic = create_nodeListStatic;
    exports2.create_namedNodeMap = create_namedNodeMap;
    exports2.create_range = create_range;
    exports2.create_nodeIterator = create_nodeIterator;
    exports2.create_treeWalker = create_treeWalker;
    exports2.create_nodeFilter = create_nodeFilter;
    exports2.create_mutationRecord = create_mutationRecord;
    exports2.create_domTokenList = create_domTokenList;
    var DOMImplementationImpl_1 = require_DOMImplementationImpl();
    var WindowImpl_1 = require_WindowImpl();
    var XMLDocumentImpl_1 = require_XMLDocumentImpl();
    var DocumentImpl_1 = require_DocumentImpl();
    var AbortControllerImpl_1 = require_AbortControllerImpl();
    var AbortSignalImpl_1 = require_AbortSignalImpl();
    var DocumentTypeImpl_1 = require_DocumentTypeImpl();
    var ElementImpl_1 = require_ElementImpl();
    var DocumentFragmentImpl_1 = require_DocumentFragmentImpl();
    var ShadowRootImpl_1 = require_ShadowRootImpl();
    var AttrImpl_1 = require_AttrImpl();
    var TextImpl_1 = require_TextImpl();
    var CDATASectionImpl_1 = require_CDATASectionImpl();
    var CommentImpl_1 = require_CommentImpl();
    var ProcessingInstructionImpl_1 = require_ProcessingInstructionImpl();
    var HTMLCollectionImpl_1 = require_HTMLCollectionImpl();
    var NodeListImpl_1 = require_NodeListImpl();
    var NodeListStaticImpl_1 = require_NodeListStaticImpl();
    var NamedNodeMapImpl_1 = require_NamedNodeMapImpl();
    var RangeImpl_1 = require_RangeImpl();
    var NodeIteratorImpl_1 = require_NodeIteratorImpl();
    var TreeWalkerImpl_1 = require_TreeWalkerImpl();
    var NodeFilterImpl_1 = require_NodeFilterImpl();
    var MutationRecordImpl_1 = require_MutationRecordImpl();
    var DOMTokenListImpl_1 = require_DOMTokenListImpl();
    function create_domImplementation(document) {
      return DOMImplementationImpl_1.DOMImplementationImpl._create(document);
    }
    function create_window() {
      return WindowImpl_1.WindowImpl._create();
    }
    function create_xmlDocument() {
      return new XMLDocumentImpl_1.XMLDocumentImpl();
    }
    function create_document() {
      return new DocumentImpl_1.DocumentImpl();
    }
    function create_abortController() {
      return new AbortControllerImpl_1.AbortControllerImpl();
    }
    function create_abortSignal() {
      return AbortSignalImpl_1.AbortSignalImpl._create();
    }
    function create_documentType(document, name, publicId, systemId) {
      return DocumentTypeImpl_1.DocumentTypeImpl._create(document, name, publicId, systemId);
    }
    function create_element(document, localName, namespace, prefix) {
      return ElementImpl_1.ElementImpl._create(document, localName, namespace, prefix);
    }
    function create_htmlElement(document, localName, namespace, prefix) {
      return ElementImpl_1.ElementImpl._create(document, localName, namespace, prefix);
    }
    function create_htmlUnknownElement(document, localName, namespace, prefix) {
      return ElementImpl_1.ElementImpl._create(document, localName, namespace, prefix);
    }
    function create_documentFragment(document) {
      return DocumentFragmentImpl_1.DocumentFragmentImpl._create(document);
    }
    function create_shadowRoot(document, host) {
      return ShadowRootImpl_1.ShadowRootImpl._create(document, host);
    }
    function create_attr(document, localName) {
      return AttrImpl_1.AttrImpl._create(document, localName);
    }
    function create_text(document, data) {
      return TextImpl_1.TextImpl._create(document, data);
    }
    function create_cdataSection(document, data) {
      return CDATASectionImpl_1.CDATASectionImpl._create(document, data);
    }
    function create_comment(document, data) {
      return CommentImpl_1.CommentImpl._create(document, data);
    }
    function create_processingInstruction(document, target, data) {
      return ProcessingInstructionImpl_1.ProcessingInstructionImpl._create(document, target, data);
    }
    function create_htmlCollection(root, filter = (() => true)) {
      return HTMLCollectionImpl_1.HTMLCollectionImpl._create(root, filter);
    }
    function create_nodeList(root) {
      return NodeListImpl_1.NodeListImpl._create(root);
    }
    function create_nodeListStatic(root, items) {
      return NodeListStaticImpl_1.NodeListStaticImpl._create(root, items);
    }
    function create_namedNodeMap(element) {
      return NamedNodeMapImpl_1.NamedNodeMapImpl._create(element);
    }
    function create_range(start, end) {
      return RangeImpl_1.RangeImpl._create(start, end);
    }
    function create_nodeIterator(root, reference, pointerBeforeReference) {
      return NodeIteratorImpl_1.NodeIteratorImpl._create(root, reference, pointerBeforeReference);
    }
    function create_treeWalker(root, current) {
      return TreeWalkerImpl_1.TreeWalkerImpl._create(root, current);
    }
    function create_nodeFilter() {
      return NodeFilterImpl_1.NodeFilterImpl._create();
    }
    function create_mutationRecord(type, target, addedNodes, removedNodes, previousSibling, nextSibling, attributeName, attributeNamespace, oldValue) {
      return MutationRecordImpl_1.MutationRecordImpl._create(type, target, addedNodes, removedNodes, previousSibling, nextSibling, attributeName, attributeNamespace, oldValue);
    }
    function create_domTokenList(element, attribute) {
      return DOMTokenListImpl_1.DOMTokenListImpl._create(element, attribute);
    }
  }
});

// node_modules/@oozcitak/dom/lib/dom/DOMImpl.js
var require_DOMImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/DOMImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.dom = void 0;
    var util_1 = require_lib();
    var CreateAlgorithm_1 = require_CreateAlgorithm();
    var DOMImpl = class _DOMImpl {
      static _instance;
      _features = {
        mutationObservers: true,
        customElements: true,
        slots: true,
        steps: true
      };
      _window = null;
      _compareCache;
      _rangeList;
      /**
       * Initializes a new instance of `DOM`.
       */
      constructor() {
        this._compareCache = new util_1.CompareCache();
        this._rangeList = new util_1.FixedSizeSet();
      }
      /**
       * Sets DOM algorithm features.
       *
       * @param features - DOM features supported by algorithms. All features are
       * enabled by default unless explicity disabled.
       */
      setFeatures(features) {
        if (features === void 0)
          features = true;
        if ((0, util_1.isObject)(features)) {
          for (const key in features) {
            this._features[key] = features[key] || false;
          }
        } else {
          for (const key in this._features) {
            this._features[key] = features;
          }
        }
      }
      /**
       * Gets DOM algorithm features.
       */
      get features() {
        return this._features;
      }
      /**
       * Gets the DOM window.
       */
      get window() {
        if (this._window === null) {
          this._window = (0, CreateAlgorithm_1.create_window)();
        }
        return this._window;
      }
      /**
       * Gets the global node compare cache.
       */
      get compareCache() {
        return this._compareCache;
      }
      /**
       * Gets the global range list.
       */
      get rangeList() {
        return this._rangeList;
      }
      /**
       * Returns the instance of `DOM`.
       */
      static get instance() {
        if (!_DOMImpl._instance) {
          _DOMImpl._instance = new _DOMImpl();
        }
        return _DOMImpl._instance;
      }
    };
    exports2.dom = DOMImpl.instance;
  }
});

// node_modules/@oozcitak/dom/lib/dom/EventImpl.js
var require_EventImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/EventImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.EventImpl = void 0;
    var interfaces_1 = require_interfaces2();
    var algorithm_1 = require_algorithm();
    var WebIDLAlgorithm_1 = require_WebIDLAlgorithm();
    var EventImpl = class {
      static NONE = 0;
      static CAPTURING_PHASE = 1;
      static AT_TARGET = 2;
      static BUBBLING_PHASE = 3;
      NONE = 0;
      CAPTURING_PHASE = 1;
      AT_TARGET = 2;
      BUBBLING_PHASE = 3;
      _target = null;
      _relatedTarget = null;
      _touchTargetList = [];
      _path = [];
      _currentTarget = null;
      _eventPhase = interfaces_1.EventPhase.None;
      _stopPropagationFlag = false;
      _stopImmediatePropagationFlag = false;
      _canceledFlag = false;
      _inPassiveListenerFlag = false;
      _composedFlag = false;
      _initializedFlag = false;
      _dispatchFlag = false;
      _isTrusted = false;
      _type;
      _bubbles = false;
      _cancelable = false;
      _timeStamp;
      /**
       * Initializes a new instance of `Event`.
       */
      constructor(type, eventInit) {
        this._type = type;
        if (eventInit) {
          this._bubbles = eventInit.bubbles || false;
          this._cancelable = eventInit.cancelable || false;
          this._composedFlag = eventInit.composed || false;
        }
        this._initializedFlag = true;
        this._timeStamp = (/* @__PURE__ */ new Date()).getTime();
      }
      /** @inheritdoc */
      get type() {
        return this._type;
      }
      /** @inheritdoc */
      get target() {
        return this._target;
      }
      /** @inheritdoc */
      get srcElement() {
        return this._target;
      }
      /** @inheritdoc */
      get currentTarget() {
        return this._currentTarget;
      }
      /** @inheritdoc */
      composedPath() {
        const composedPath = [];
        const path3 = this._path;
        if (path3.length === 0)
          return composedPath;
        const currentTarget = this._currentTarget;
        if (currentTarget === null) {
          throw new Error("Event currentTarget is null.");
        }
        composedPath.push(currentTarget);
        let currentTargetIndex = 0;
        let currentTargetHiddenSubtreeLevel = 0;
        let index = path3.length - 1;
        while (index >= 0) {
          if (path3[index].rootOfClosedTree) {
            currentTargetHiddenSubtreeLevel++;
          }
          if (path3[index].invocationTarget === currentTarget) {
            currentTargetIndex = index;
            break;
          }
          if (path3[index].slotInClosedTree) {
            currentTargetHiddenSubtreeLevel--;
          }
          index--;
        }
        let currentHiddenLevel = currentTargetHiddenSubtreeLevel;
        let maxHiddenLevel = currentTargetHiddenSubtreeLevel;
        index = currentTargetIndex - 1;
        while (index >= 0) {
          if (path3[index].rootOfClosedTree) {
            currentHiddenLevel++;
          }
          if (currentHiddenLevel <= maxHiddenLevel) {
            composedPath.unshift(path3[index].invocationTarget);
          }
          if (path3[index].slotInClosedTree) {
            currentHiddenLevel--;
            if (currentHiddenLevel < maxHiddenLevel) {
              maxHiddenLevel = currentHiddenLevel;
            }
          }
          index--;
        }
        currentHiddenLevel = currentTargetHiddenSubtreeLevel;
        maxHiddenLevel = currentTargetHiddenSubtreeLevel;
        index = currentTargetIndex + 1;
        while (index < path3.length) {
          if (path3[index].slotInClosedTree) {
            currentHiddenLevel++;
          }
          if (currentHiddenLevel <= maxHiddenLevel) {
            composedPath.push(path3[index].invocationTarget);
          }
          if (path3[index].rootOfClosedTree) {
            currentHiddenLevel--;
            if (currentHiddenLevel < maxHiddenLevel) {
              maxHiddenLevel = currentHiddenLevel;
            }
          }
          index++;
        }
        return composedPath;
      }
      /** @inheritdoc */
      get eventPhase() {
        return this._eventPhase;
      }
      /** @inheritdoc */
      stopPropagation() {
        this._stopPropagationFlag = true;
      }
      /** @inheritdoc */
      get cancelBubble() {
        return this._stopPropagationFlag;
      }
      set cancelBubble(value) {
        if (value)
          this.stopPropagation();
      }
      /** @inheritdoc */
      stopImmediatePropagation() {
        this._stopPropagationFlag = true;
        this._stopImmediatePropagationFlag = true;
      }
      /** @inheritdoc */
      get bubbles() {
        return this._bubbles;
      }
      /** @inheritdoc */
      get cancelable() {
        return this._cancelable;
      }
      /** @inheritdoc */
      get returnValue() {
        return !this._canceledFlag;
      }
      set returnValue(value) {
        if (!value) {
          (0, algorithm_1.event_setTheCanceledFlag)(this);
        }
      }
      /** @inheritdoc */
      preventDefault() {
        (0, algorithm_1.event_setTheCanceledFlag)(this);
      }
      /** @inheritdoc */
      get defaultPrevented() {
        return this._canceledFlag;
      }
      /** @inheritdoc */
      get composed() {
        return this._composedFlag;
      }
      /** @inheritdoc */
      get isTrusted() {
        return this._isTrusted;
      }
      /** @inheritdoc */
      get timeStamp() {
        return this._timeStamp;
      }
      /** @inheritdoc */
      initEvent(type, bubbles = false, cancelable = false) {
        if (this._dispatchFlag)
          return;
        (0, algorithm_1.event_initialize)(this, type, bubbles, cancelable);
      }
    };
    exports2.EventImpl = EventImpl;
    (0, WebIDLAlgorithm_1.idl_defineConst)(EventImpl.prototype, "NONE", 0);
    (0, WebIDLAlgorithm_1.idl_defineConst)(EventImpl.prototype, "CAPTURING_PHASE", 1);
    (0, WebIDLAlgorithm_1.idl_defineConst)(EventImpl.prototype, "AT_TARGET", 2);
    (0, WebIDLAlgorithm_1.idl_defineConst)(EventImpl.prototype, "BUBBLING_PHASE", 3);
  }
});

// node_modules/@oozcitak/dom/lib/dom/CustomEventImpl.js
var require_CustomEventImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/CustomEventImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.CustomEventImpl = void 0;
    var EventImpl_1 = require_EventImpl();
    var algorithm_1 = require_algorithm();
    var CustomEventImpl = class extends EventImpl_1.EventImpl {
      _detail = null;
      /**
       * Initializes a new instance of `CustomEvent`.
       */
      constructor(type, eventInit) {
        super(type, eventInit);
        this._detail = eventInit && eventInit.detail || null;
      }
      /** @inheritdoc */
      get detail() {
        return this._detail;
      }
      /** @inheritdoc */
      initCustomEvent(type, bubbles = false, cancelable = false, detail = null) {
        if (this._dispatchFlag)
          return;
        (0, algorithm_1.event_initialize)(this, type, bubbles, cancelable);
        this._detail = detail;
      }
    };
    exports2.CustomEventImpl = CustomEventImpl;
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/TreeAlgorithm.js
var require_TreeAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/TreeAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.tree_getFirstDescendantNode = tree_getFirstDescendantNode;
    exports2.tree_getNextDescendantNode = tree_getNextDescendantNode;
    exports2.tree_getDescendantNodes = tree_getDescendantNodes;
    exports2.tree_getDescendantElements = tree_getDescendantElements;
    exports2.tree_getSiblingNodes = tree_getSiblingNodes;
    exports2.tree_getFirstAncestorNode = tree_getFirstAncestorNode;
    exports2.tree_getNextAncestorNode = tree_getNextAncestorNode;
    exports2.tree_getAncestorNodes = tree_getAncestorNodes;
    exports2.tree_getCommonAncestor = tree_getCommonAncestor;
    exports2.tree_getFollowingNode = tree_getFollowingNode;
    exports2.tree_getPrecedingNode = tree_getPrecedingNode;
    exports2.tree_isConstrained = tree_isConstrained;
    exports2.tree_nodeLength = tree_nodeLength;
    exports2.tree_isEmpty = tree_isEmpty;
    exports2.tree_rootNode = tree_rootNode;
    exports2.tree_isDescendantOf = tree_isDescendantOf;
    exports2.tree_isAncestorOf = tree_isAncestorOf;
    exports2.tree_isHostIncludingAncestorOf = tree_isHostIncludingAncestorOf;
    exports2.tree_isSiblingOf = tree_isSiblingOf;
    exports2.tree_isPreceding = tree_isPreceding;
    exports2.tree_isFollowing = tree_isFollowing;
    exports2.tree_isParentOf = tree_isParentOf;
    exports2.tree_isChildOf = tree_isChildOf;
    exports2.tree_previousSibling = tree_previousSibling;
    exports2.tree_nextSibling = tree_nextSibling;
    exports2.tree_firstChild = tree_firstChild;
    exports2.tree_lastChild = tree_lastChild;
    exports2.tree_treePosition = tree_treePosition;
    exports2.tree_index = tree_index;
    exports2.tree_retarget = tree_retarget;
    var util_1 = require_util();
    var interfaces_1 = require_interfaces2();
    function _getNextDescendantNode(root, node, shadow = false) {
      if (shadow && util_1.Guard.isElementNode(node) && util_1.Guard.isShadowRoot(node.shadowRoot)) {
        if (node.shadowRoot._firstChild)
          return node.shadowRoot._firstChild;
      }
      if (node._firstChild)
        return node._firstChild;
      if (node === root)
        return null;
      if (node._nextSibling)
        return node._nextSibling;
      let parent = node._parent;
      while (parent && parent !== root) {
        if (parent._nextSibling)
          return parent._nextSibling;
        parent = parent._parent;
      }
      return null;
    }
    function _emptyIterator() {
      return {
        [Symbol.iterator]: () => {
          return {
            next: () => {
              return { done: true, value: null };
            }
          };
        }
      };
    }
    function tree_getFirstDescendantNode(node, self = false, shadow = false, filter) {
      let firstNode = self ? node : _getNextDescendantNode(node, node, shadow);
      while (firstNode && filter && !filter(firstNode)) {
        firstNode = _getNextDescendantNode(node, firstNode, shadow);
      }
      return firstNode;
    }
    function tree_getNextDescendantNode(node, currentNode, self = false, shadow = false, filter) {
      let nextNode = _getNextDescendantNode(node, currentNode, shadow);
      while (nextNode && filter && !filter(nextNode)) {
        nextNode = _getNextDescendantNode(node, nextNode, shadow);
      }
      return nextNode;
    }
    function tree_getDescendantNodes(node, self = false, shadow = false, filter) {
      if (!self && node._children.size === 0) {
        return _emptyIterator();
      }
      return {
        [Symbol.iterator]: () => {
          let currentNode = self ? node : _getNextDescendantNode(node, node, shadow);
          return {
            next: () => {
              while (currentNode && filter && !filter(currentNode)) {
                currentNode = _getNextDescendantNode(node, currentNode, shadow);
              }
              if (currentNode === null) {
                return { done: true, value: null };
              } else {
                const result = { done: false, value: currentNode };
                currentNode = _getNextDescendantNode(node, currentNode, shadow);
                return result;
              }
            }
          };
        }
      };
    }
    function tree_getDescendantElements(node, self = false, shadow = false, filter) {
      if (!self && node._children.size === 0) {
        return _emptyIterator();
      }
      return {
        [Symbol.iterator]: () => {
          const it = tree_getDescendantNodes(node, self, shadow, (e) => util_1.Guard.isElementNode(e))[Symbol.iterator]();
          let currentNode = it.next().value;
          return {
            next() {
              while (currentNode && filter && !filter(currentNode)) {
                currentNode = it.next().value;
              }
              if (currentNode === null) {
                return { done: true, value: null };
              } else {
                const result = { done: false, value: currentNode };
                currentNode = it.next().value;
                return result;
              }
            }
          };
        }
      };
    }
    function tree_getSiblingNodes(node, self = false, filter) {
      if (!node._parent || node._parent._children.size === 0) {
        return _emptyIterator();
      }
      return {
        [Symbol.iterator]() {
          let currentNode = node._parent ? node._parent._firstChild : null;
          return {
            next() {
              while (currentNode && (filter && !filter(currentNode) || !self && currentNode === node)) {
                currentNode = currentNode._nextSibling;
              }
              if (currentNode === null) {
                return { done: true, value: null };
              } else {
                const result = { done: false, value: currentNode };
                currentNode = currentNode._nextSibling;
                return result;
              }
            }
          };
        }
      };
    }
    function tree_getFirstAncestorNode(node, self = false, filter) {
      let firstNode = self ? node : node._parent;
      while (firstNode && filter && !filter(firstNode)) {
        firstNode = firstNode._parent;
      }
      return firstNode;
    }
    function tree_getNextAncestorNode(node, currentNode, self = false, filter) {
      let nextNode = currentNode._parent;
      while (nextNode && filter && !filter(nextNode)) {
        nextNode = nextNode._parent;
      }
      return nextNode;
    }
    function tree_getAncestorNodes(node, self = false, filter) {
      if (!self && !node._parent) {
        return _emptyIterator();
      }
      return {
        [Symbol.iterator]() {
          let currentNode = tree_getFirstAncestorNode(node, self, filter);
          return {
            next() {
              if (currentNode === null) {
                return { done: true, value: null };
              } else {
                const result = { done: false, value: currentNode };
                currentNode = tree_getNextAncestorNode(node, currentNode, self, filter);
                return result;
              }
            }
          };
        }
      };
    }
    function tree_getCommonAncestor(nodeA, nodeB) {
      if (nodeA === nodeB) {
        return nodeA._parent;
      }
      const parentsA = [];
      const parentsB = [];
      let pA = tree_getFirstAncestorNode(nodeA, true);
      while (pA !== null) {
        parentsA.push(pA);
        pA = tree_getNextAncestorNode(nodeA, pA, true);
      }
      let pB = tree_getFirstAncestorNode(nodeB, true);
      while (pB !== null) {
        parentsB.push(pB);
        pB = tree_getNextAncestorNode(nodeB, pB, true);
      }
      let pos1 = parentsA.length;
      let pos2 = parentsB.length;
      let parent = null;
      for (let i = Math.min(pos1, pos2); i > 0; i--) {
        const parent1 = parentsA[--pos1];
        const parent2 = parentsB[--pos2];
        if (parent1 !== parent2) {
          break;
        }
        parent = parent1;
      }
      return parent;
    }
    function tree_getFollowingNode(root, node) {
      if (node._firstChild) {
        return node._firstChild;
      } else if (node._nextSibling) {
        return node._nextSibling;
      } else {
        while (true) {
          const parent = node._parent;
          if (parent === null || parent === root) {
            return null;
          } else if (parent._nextSibling) {
            return parent._nextSibling;
          } else {
            node = parent;
          }
        }
      }
    }
    function tree_getPrecedingNode(root, node) {
      if (node === root) {
        return null;
      }
      if (node._previousSibling) {
        node = node._previousSibling;
        if (node._lastChild) {
          return node._lastChild;
        } else {
          return node;
        }
      } else {
        return node._parent;
      }
    }
    function tree_isConstrained(node) {
      switch (node._nodeType) {
        case interfaces_1.NodeType.Document:
          let hasDocType = false;
          let hasElement = false;
          for (const childNode of node._children) {
            switch (childNode._nodeType) {
              case interfaces_1.NodeType.ProcessingInstruction:
              case interfaces_1.NodeType.Comment:
                break;
              case interfaces_1.NodeType.DocumentType:
                if (hasDocType || hasElement)
                  return false;
                hasDocType = true;
                break;
              case interfaces_1.NodeType.Element:
                if (hasElement)
                  return false;
                hasElement = true;
                break;
              default:
                return false;
            }
          }
          break;
        case interfaces_1.NodeType.DocumentFragment:
        case interfaces_1.NodeType.Element:
          for (const childNode of node._children) {
            switch (childNode._nodeType) {
              case interfaces_1.NodeType.Element:
              case interfaces_1.NodeType.Text:
              case interfaces_1.NodeType.ProcessingInstruction:
              case interfaces_1.NodeType.CData:
              case interfaces_1.NodeType.Comment:
                break;
              default:
                return false;
            }
          }
          break;
        case interfaces_1.NodeType.DocumentType:
        case interfaces_1.NodeType.Text:
        case interfaces_1.NodeType.ProcessingInstruction:
        case interfaces_1.NodeType.CData:
        case interfaces_1.NodeType.Comment:
          return !node.hasChildNodes();
      }
      for (const childNode of node._children) {
        if (!tree_isConstrained(childNode))
          return false;
      }
      return true;
    }
    function tree_nodeLength(node) {
      if (util_1.Guard.isDocumentTypeNode(node)) {
        return 0;
      } else if (util_1.Guard.isCharacterDataNode(node)) {
        return node._data.length;
      } else {
        return node._children.size;
      }
    }
    function tree_isEmpty(node) {
      return tree_nodeLength(node) === 0;
    }
    function tree_rootNode(node, shadow = false) {
      if (shadow) {
        const root = tree_rootNode(node, false);
        if (util_1.Guard.isShadowRoot(root))
          return tree_rootNode(root._host, true);
        else
          return root;
      } else {
        if (!node._parent)
          return node;
        else
          return tree_rootNode(node._parent);
      }
    }
    function tree_isDescendantOf(node, other, self = false, shadow = false) {
      let child = tree_getFirstDescendantNode(node, self, shadow);
      while (child !== null) {
        if (child === other) {
          return true;
        }
        child = tree_getNextDescendantNode(node, child, self, shadow);
      }
      return false;
    }
    function tree_isAncestorOf(node, other, self = false, shadow = false) {
      let ancestor = self ? node : shadow && util_1.Guard.isShadowRoot(node) ? node._host : node._parent;
      while (ancestor !== null) {
        if (ancestor === other)
          return true;
        ancestor = shadow && util_1.Guard.isShadowRoot(ancestor) ? ancestor._host : ancestor._parent;
      }
      return false;
    }
    function tree_isHostIncludingAncestorOf(node, other, self = false) {
      if (tree_isAncestorOf(node, other, self))
        return true;
      const root = tree_rootNode(node);
      if (util_1.Guard.isDocumentFragmentNode(root) && root._host !== null && tree_isHostIncludingAncestorOf(root._host, other, self))
        return true;
      return false;
    }
    function tree_isSiblingOf(node, other, self = false) {
      if (node === other) {
        if (self)
          return true;
      } else {
        return node._parent !== null && node._parent === other._parent;
      }
      return false;
    }
    function tree_isPreceding(node, other) {
      const nodePos = tree_treePosition(node);
      const otherPos = tree_treePosition(other);
      if (nodePos === -1 || otherPos === -1)
        return false;
      else if (tree_rootNode(node) !== tree_rootNode(other))
        return false;
      else
        return otherPos < nodePos;
    }
    function tree_isFollowing(node, other) {
      const nodePos = tree_treePosition(node);
      const otherPos = tree_treePosition(other);
      if (nodePos === -1 || otherPos === -1)
        return false;
      else if (tree_rootNode(node) !== tree_rootNode(other))
        return false;
      else
        return otherPos > nodePos;
    }
    function tree_isParentOf(node, other) {
      return node._parent === other;
    }
    function tree_isChildOf(node, other) {
      return other._parent === node;
    }
    function tree_previousSibling(node) {
      return node._previousSibling;
    }
    function tree_nextSibling(node) {
      return node._nextSibling;
    }
    function tree_firstChild(node) {
      return node._firstChild;
    }
    function tree_lastChild(node) {
      return node._lastChild;
    }
    function tree_treePosition(node) {
      const root = tree_rootNode(node);
      let pos = 0;
      let childNode = tree_getFirstDescendantNode(root);
      while (childNode !== null) {
        pos++;
        if (childNode === node)
          return pos;
        childNode = tree_getNextDescendantNode(root, childNode);
      }
      return -1;
    }
    function tree_index(node) {
      let n = 0;
      while (node._previousSibling !== null) {
        n++;
        node = node._previousSibling;
      }
      return n;
    }
    function tree_retarget(a, b) {
      while (true) {
        if (!a || !util_1.Guard.isNode(a)) {
          return a;
        }
        const rootOfA = tree_rootNode(a);
        if (!util_1.Guard.isShadowRoot(rootOfA)) {
          return a;
        }
        if (b && util_1.Guard.isNode(b) && tree_isAncestorOf(rootOfA, b, true, true)) {
          return a;
        }
        a = rootOfA.host;
      }
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/MutationObserverAlgorithm.js
var require_MutationObserverAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/MutationObserverAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.observer_queueAMutationObserverMicrotask = observer_queueAMutationObserverMicrotask;
    exports2.observer_notifyMutationObservers = observer_notifyMutationObservers;
    exports2.observer_queueMutationRecord = observer_queueMutationRecord;
    exports2.observer_queueTreeMutationRecord = observer_queueTreeMutationRecord;
    exports2.observer_queueAttributeMutationRecord = observer_queueAttributeMutationRecord;
    var DOMImpl_1 = require_DOMImpl();
    var util_1 = require_util();
    var infra_1 = require_lib2();
    var CreateAlgorithm_1 = require_CreateAlgorithm();
    var TreeAlgorithm_1 = require_TreeAlgorithm();
    var EventAlgorithm_1 = require_EventAlgorithm();
    function observer_queueAMutationObserverMicrotask() {
      const window = DOMImpl_1.dom.window;
      if (window._mutationObserverMicrotaskQueued)
        return;
      window._mutationObserverMicrotaskQueued = true;
      Promise.resolve().then(() => {
        observer_notifyMutationObservers();
      });
    }
    function observer_notifyMutationObservers() {
      const window = DOMImpl_1.dom.window;
      window._mutationObserverMicrotaskQueued = false;
      const notifySet = infra_1.set.clone(window._mutationObservers);
      const signalSet = infra_1.set.clone(window._signalSlots);
      infra_1.set.empty(window._signalSlots);
      for (const mo of notifySet) {
        const records = infra_1.list.clone(mo._recordQueue);
        infra_1.list.empty(mo._recordQueue);
        for (let i = 0; i < mo._nodeList.length; i++) {
          const node = mo._nodeList[i];
          infra_1.list.remove(node._registeredObserverList, (observer) => {
            return util_1.Guard.isTransientRegisteredObserver(observer) && observer.observer === mo;
          });
        }
        if (!infra_1.list.isEmpty(records)) {
          try {
            mo._callback.call(mo, records, mo);
          } catch (err) {
          }
        }
      }
      if (DOMImpl_1.dom.features.slots) {
        for (const slot of signalSet) {
          (0, EventAlgorithm_1.event_fireAnEvent)("slotchange", slot, void 0, { bubbles: true });
        }
      }
    }
    function observer_queueMutationRecord(type, target, name, namespace, oldValue, addedNodes, removedNodes, previousSibling, nextSibling) {
      const interestedObservers = /* @__PURE__ */ new Map();
      let node = (0, TreeAlgorithm_1.tree_getFirstAncestorNode)(target, true);
      while (node !== null) {
        for (let i = 0; i < node._registeredObserverList.length; i++) {
          const registered = node._registeredObserverList[i];
          const options2 = registered.options;
          if (node !== target && !options2.subtree)
            continue;
          if (type === "attributes" && !options2.attributes)
            continue;
          if (type === "attributes" && options2.attributeFilter && (!options2.attributeFilter.indexOf(name || "") || namespace !== null))
            continue;
          if (type === "characterData" && !options2.characterData)
            continue;
          if (type === "childList" && !options2.childList)
            continue;
          const mo = registered.observer;
          if (!interestedObservers.has(mo)) {
            interestedObservers.set(mo, null);
          }
          if (type === "attributes" && options2.attributeOldValue || type === "characterData" && options2.characterDataOldValue) {
            interestedObservers.set(mo, oldValue);
          }
        }
        node = (0, TreeAlgorithm_1.tree_getNextAncestorNode)(target, node, true);
      }
      for (const [observer, mappedOldValue] of interestedObservers) {
        const record = (0, CreateAlgorithm_1.create_mutationRecord)(type, target, (0, CreateAlgorithm_1.create_nodeListStatic)(target, addedNodes), (0, CreateAlgorithm_1.create_nodeListStatic)(target, removedNodes), previousSibling, nextSibling, name, namespace, mappedOldValue);
        const queue = observer._recordQueue;
        queue.push(record);
      }
      observer_queueAMutationObserverMicrotask();
    }
    function observer_queueTreeMutationRecord(target, addedNodes, removedNodes, previousSibling, nextSibling) {
      observer_queueMutationRecord("childList", target, null, null, null, addedNodes, removedNodes, previousSibling, nextSibling);
    }
    function observer_queueAttributeMutationRecord(target, name, namespace, oldValue) {
      observer_queueMutationRecord("attributes", target, name, namespace, oldValue, [], [], null, null);
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/ShadowTreeAlgorithm.js
var require_ShadowTreeAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/ShadowTreeAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.shadowTree_signalASlotChange = shadowTree_signalASlotChange;
    exports2.shadowTree_isConnected = shadowTree_isConnected;
    exports2.shadowTree_isAssigned = shadowTree_isAssigned;
    exports2.shadowTree_findASlot = shadowTree_findASlot;
    exports2.shadowTree_findSlotables = shadowTree_findSlotables;
    exports2.shadowTree_findFlattenedSlotables = shadowTree_findFlattenedSlotables;
    exports2.shadowTree_assignSlotables = shadowTree_assignSlotables;
    exports2.shadowTree_assignSlotablesForATree = shadowTree_assignSlotablesForATree;
    exports2.shadowTree_assignASlot = shadowTree_assignASlot;
    var DOMImpl_1 = require_DOMImpl();
    var util_1 = require_util();
    var util_2 = require_lib();
    var TreeAlgorithm_1 = require_TreeAlgorithm();
    var MutationObserverAlgorithm_1 = require_MutationObserverAlgorithm();
    function shadowTree_signalASlotChange(slot) {
      const window = DOMImpl_1.dom.window;
      window._signalSlots.add(slot);
      (0, MutationObserverAlgorithm_1.observer_queueAMutationObserverMicrotask)();
    }
    function shadowTree_isConnected(element) {
      return util_1.Guard.isDocumentNode((0, TreeAlgorithm_1.tree_rootNode)(element, true));
    }
    function shadowTree_isAssigned(slotable) {
      return slotable._assignedSlot !== null;
    }
    function shadowTree_findASlot(slotable, openFlag = false) {
      const node = util_1.Cast.asNode(slotable);
      const parent = node._parent;
      if (parent === null)
        return null;
      const shadow = parent._shadowRoot || null;
      if (shadow === null)
        return null;
      if (openFlag && shadow._mode !== "open")
        return null;
      let child = (0, TreeAlgorithm_1.tree_getFirstDescendantNode)(shadow, false, true, (e) => util_1.Guard.isSlot(e));
      while (child !== null) {
        if (child._name === slotable._name)
          return child;
        child = (0, TreeAlgorithm_1.tree_getNextDescendantNode)(shadow, child, false, true, (e) => util_1.Guard.isSlot(e));
      }
      return null;
    }
    function shadowTree_findSlotables(slot) {
      const result = [];
      const root = (0, TreeAlgorithm_1.tree_rootNode)(slot);
      if (!util_1.Guard.isShadowRoot(root))
        return result;
      const host = root._host;
      for (const slotable of host._children) {
        if (util_1.Guard.isSlotable(slotable)) {
          const foundSlot = shadowTree_findASlot(slotable);
          if (foundSlot === slot) {
            result.push(slotable);
          }
        }
      }
      return result;
    }
    function shadowTree_findFlattenedSlotables(slot) {
      const result = [];
      const root = (0, TreeAlgorithm_1.tree_rootNode)(slot);
      if (!util_1.Guard.isShadowRoot(root))
        return result;
      const slotables = shadowTree_findSlotables(slot);
      if ((0, util_2.isEmpty)(slotables)) {
        for (const slotable of slot._children) {
          if (util_1.Guard.isSlotable(slotable)) {
            slotables.push(slotable);
          }
        }
      }
      for (const node of slotables) {
        if (util_1.Guard.isSlot(node) && util_1.Guard.isShadowRoot((0, TreeAlgorithm_1.tree_rootNode)(node))) {
          const temporaryResult = shadowTree_findFlattenedSlotables(node);
          result.push(...temporaryResult);
        } else {
          result.push(node);
        }
      }
      return result;
    }
    function shadowTree_assignSlotables(slot) {
      const slotables = shadowTree_findSlotables(slot);
      if (slotables.length === slot._assignedNodes.length) {
        let nodesIdentical = true;
        for (let i = 0; i < slotables.length; i++) {
          if (slotables[i] !== slot._assignedNodes[i]) {
            nodesIdentical = false;
            break;
          }
        }
        if (!nodesIdentical) {
          shadowTree_signalASlotChange(slot);
        }
      }
      slot._assignedNodes = slotables;
      for (const slotable of slotables) {
        slotable._assignedSlot = slot;
      }
    }
    function shadowTree_assignSlotablesForATree(root) {
      let descendant = (0, TreeAlgorithm_1.tree_getFirstDescendantNode)(root, true, false, (e) => util_1.Guard.isSlot(e));
      while (descendant !== null) {
        shadowTree_assignSlotables(descendant);
        descendant = (0, TreeAlgorithm_1.tree_getNextDescendantNode)(root, descendant, true, false, (e) => util_1.Guard.isSlot(e));
      }
    }
    function shadowTree_assignASlot(slotable) {
      const slot = shadowTree_findASlot(slotable);
      if (slot !== null) {
        shadowTree_assignSlotables(slot);
      }
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/DOMAlgorithm.js
var require_DOMAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/DOMAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.dom_runRemovingSteps = dom_runRemovingSteps;
    exports2.dom_runCloningSteps = dom_runCloningSteps;
    exports2.dom_runAdoptingSteps = dom_runAdoptingSteps;
    exports2.dom_runAttributeChangeSteps = dom_runAttributeChangeSteps;
    exports2.dom_runInsertionSteps = dom_runInsertionSteps;
    exports2.dom_runNodeIteratorPreRemovingSteps = dom_runNodeIteratorPreRemovingSteps;
    exports2.dom_hasSupportedTokens = dom_hasSupportedTokens;
    exports2.dom_getSupportedTokens = dom_getSupportedTokens;
    exports2.dom_runEventConstructingSteps = dom_runEventConstructingSteps;
    exports2.dom_runChildTextContentChangeSteps = dom_runChildTextContentChangeSteps;
    var DOMImpl_1 = require_DOMImpl();
    var TreeAlgorithm_1 = require_TreeAlgorithm();
    var util_1 = require_util();
    var ShadowTreeAlgorithm_1 = require_ShadowTreeAlgorithm();
    var supportedTokens = /* @__PURE__ */ new Map();
    function dom_runRemovingSteps(removedNode, oldParent) {
    }
    function dom_runCloningSteps(copy, node, document, cloneChildrenFlag) {
    }
    function dom_runAdoptingSteps(node, oldDocument) {
    }
    function dom_runAttributeChangeSteps(element, localName, oldValue, value, namespace) {
      if (DOMImpl_1.dom.features.slots) {
        updateASlotablesName.call(element, element, localName, oldValue, value, namespace);
        updateASlotsName.call(element, element, localName, oldValue, value, namespace);
      }
      updateAnElementID.call(element, element, localName, value, namespace);
      for (const step of element._attributeChangeSteps) {
        step.call(element, element, localName, oldValue, value, namespace);
      }
    }
    function dom_runInsertionSteps(insertedNode) {
    }
    function dom_runNodeIteratorPreRemovingSteps(nodeIterator, toBeRemoved) {
      removeNodeIterator.call(nodeIterator, nodeIterator, toBeRemoved);
    }
    function dom_hasSupportedTokens(attributeName) {
      return supportedTokens.has(attributeName);
    }
    function dom_getSupportedTokens(attributeName) {
      return supportedTokens.get(attributeName) || /* @__PURE__ */ new Set();
    }
    function dom_runEventConstructingSteps(event) {
    }
    function dom_runChildTextContentChangeSteps(parent) {
    }
    function removeNodeIterator(nodeIterator, toBeRemovedNode) {
      if (toBeRemovedNode === nodeIterator._root || !(0, TreeAlgorithm_1.tree_isAncestorOf)(nodeIterator._reference, toBeRemovedNode, true)) {
        return;
      }
      if (nodeIterator._pointerBeforeReference) {
        while (true) {
          const nextNode = (0, TreeAlgorithm_1.tree_getFollowingNode)(nodeIterator._root, toBeRemovedNode);
          if (nextNode !== null && (0, TreeAlgorithm_1.tree_isDescendantOf)(nodeIterator._root, nextNode, true) && !(0, TreeAlgorithm_1.tree_isDescendantOf)(toBeRemovedNode, nextNode, true)) {
            nodeIterator._reference = nextNode;
            return;
          } else if (nextNode === null) {
            nodeIterator._pointerBeforeReference = false;
            return;
          }
        }
      }
      if (toBeRemovedNode._previousSibling === null) {
        if (toBeRemovedNode._parent !== null) {
          nodeIterator._reference = toBeRemovedNode._parent;
        }
      } else {
        let referenceNode = toBeRemovedNode._previousSibling;
        let childNode = (0, TreeAlgorithm_1.tree_getFirstDescendantNode)(toBeRemovedNode._previousSibling, true, false);
        while (childNode !== null) {
          if (childNode !== null) {
            referenceNode = childNode;
          }
          childNode = (0, TreeAlgorithm_1.tree_getNextDescendantNode)(toBeRemovedNode._previousSibling, childNode, true, false);
        }
        nodeIterator._reference = referenceNode;
      }
    }
    function updateASlotsName(element, localName, oldValue, value, namespace) {
      if (util_1.Guard.isSlot(element) && localName === "name" && namespace === null) {
        if (value === oldValue)
          return;
        if (value === null && oldValue === "")
          return;
        if (value === "" && oldValue === null)
          return;
        if (value === null || value === "") {
          element._name = "";
        } else {
          element._name = value;
        }
        (0, ShadowTreeAlgorithm_1.shadowTree_assignSlotablesForATree)((0, TreeAlgorithm_1.tree_rootNode)(element));
      }
    }
    function updateASlotablesName(element, localName, oldValue, value, namespace) {
      if (util_1.Guard.isSlotable(element) && localName === "slot" && namespace === null) {
        if (value === oldValue)
          return;
        if (value === null && oldValue === "")
          return;
        if (value === "" && oldValue === null)
          return;
        if (value === null || value === "") {
          element._name = "";
        } else {
          element._name = value;
        }
        if ((0, ShadowTreeAlgorithm_1.shadowTree_isAssigned)(element)) {
          (0, ShadowTreeAlgorithm_1.shadowTree_assignSlotables)(element._assignedSlot);
        }
        (0, ShadowTreeAlgorithm_1.shadowTree_assignASlot)(element);
      }
    }
    function updateAnElementID(element, localName, value, namespace) {
      if (localName === "id" && namespace === null) {
        if (!value)
          element._uniqueIdentifier = void 0;
        else
          element._uniqueIdentifier = value;
      }
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/EventAlgorithm.js
var require_EventAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/EventAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.event_setTheCanceledFlag = event_setTheCanceledFlag;
    exports2.event_initialize = event_initialize;
    exports2.event_createAnEvent = event_createAnEvent;
    exports2.event_innerEventCreationSteps = event_innerEventCreationSteps;
    exports2.event_dispatch = event_dispatch;
    exports2.event_appendToAnEventPath = event_appendToAnEventPath;
    exports2.event_invoke = event_invoke;
    exports2.event_innerInvoke = event_innerInvoke;
    exports2.event_fireAnEvent = event_fireAnEvent;
    exports2.event_createLegacyEvent = event_createLegacyEvent;
    exports2.event_getterEventHandlerIDLAttribute = event_getterEventHandlerIDLAttribute;
    exports2.event_setterEventHandlerIDLAttribute = event_setterEventHandlerIDLAttribute;
    exports2.event_determineTheTargetOfAnEventHandler = event_determineTheTargetOfAnEventHandler;
    exports2.event_getTheCurrentValueOfAnEventHandler = event_getTheCurrentValueOfAnEventHandler;
    exports2.event_activateAnEventHandler = event_activateAnEventHandler;
    exports2.event_deactivateAnEventHandler = event_deactivateAnEventHandler;
    var DOMImpl_1 = require_DOMImpl();
    var interfaces_1 = require_interfaces2();
    var util_1 = require_util();
    var CustomEventImpl_1 = require_CustomEventImpl();
    var EventImpl_1 = require_EventImpl();
    var DOMException_1 = require_DOMException();
    var TreeAlgorithm_1 = require_TreeAlgorithm();
    var ShadowTreeAlgorithm_1 = require_ShadowTreeAlgorithm();
    var DOMAlgorithm_1 = require_DOMAlgorithm();
    function event_setTheCanceledFlag(event) {
      if (event._cancelable && !event._inPassiveListenerFlag) {
        event._canceledFlag = true;
      }
    }
    function event_initialize(event, type, bubbles, cancelable) {
      event._initializedFlag = true;
      event._stopPropagationFlag = false;
      event._stopImmediatePropagationFlag = false;
      event._canceledFlag = false;
      event._isTrusted = false;
      event._target = null;
      event._type = type;
      event._bubbles = bubbles;
      event._cancelable = cancelable;
    }
    function event_createAnEvent(eventInterface, realm = void 0) {
      if (realm === void 0)
        realm = null;
      const dictionary = {};
      const event = event_innerEventCreationSteps(eventInterface, realm, /* @__PURE__ */ new Date(), dictionary);
      event._isTrusted = true;
      return event;
    }
    function event_innerEventCreationSteps(eventInterface, realm, time, dictionary) {
      const event = new eventInterface("");
      event._initializedFlag = true;
      event._timeStamp = time.getTime();
      Object.assign(event, dictionary);
      if (DOMImpl_1.dom.features.steps) {
        (0, DOMAlgorithm_1.dom_runEventConstructingSteps)(event);
      }
      return event;
    }
    function event_dispatch(event, target, legacyTargetOverrideFlag = false, legacyOutputDidListenersThrowFlag = { value: false }) {
      let clearTargets = false;
      event._dispatchFlag = true;
      let targetOverride = target;
      if (legacyTargetOverrideFlag) {
        const doc = target._associatedDocument;
        if (util_1.Guard.isDocumentNode(doc)) {
          targetOverride = doc;
        }
      }
      let activationTarget = null;
      let relatedTarget = (0, TreeAlgorithm_1.tree_retarget)(event._relatedTarget, target);
      if (target !== relatedTarget || target === event._relatedTarget) {
        let touchTargets = [];
        for (const touchTarget of event._touchTargetList) {
          touchTargets.push((0, TreeAlgorithm_1.tree_retarget)(touchTarget, target));
        }
        event_appendToAnEventPath(event, target, targetOverride, relatedTarget, touchTargets, false);
        const isActivationEvent = util_1.Guard.isMouseEvent(event) && event._type === "click";
        if (isActivationEvent && target._activationBehavior !== void 0) {
          activationTarget = target;
        }
        let slotable = util_1.Guard.isSlotable(target) && (0, ShadowTreeAlgorithm_1.shadowTree_isAssigned)(target) ? target : null;
        let slotInClosedTree = false;
        let parent = target._getTheParent(event);
        while (parent !== null && util_1.Guard.isNode(parent)) {
          if (slotable !== null) {
            if (!util_1.Guard.isSlot(parent)) {
              throw new Error("Parent node of a slotable should be a slot.");
            }
            slotable = null;
            const root = (0, TreeAlgorithm_1.tree_rootNode)(parent, true);
            if (util_1.Guard.isShadowRoot(root) && root._mode === "closed") {
              slotInClosedTree = true;
            }
          }
          if (util_1.Guard.isSlotable(parent) && (0, ShadowTreeAlgorithm_1.shadowTree_isAssigned)(parent)) {
            slotable = parent;
          }
          relatedTarget = (0, TreeAlgorithm_1.tree_retarget)(event._relatedTarget, parent);
          touchTargets = [];
          for (const touchTarget of event._touchTargetList) {
            touchTargets.push((0, TreeAlgorithm_1.tree_retarget)(touchTarget, parent));
          }
          if (util_1.Guard.isWindow(parent) || util_1.Guard.isNode(parent) && util_1.Guard.isNode(target) && (0, TreeAlgorithm_1.tree_isAncestorOf)((0, TreeAlgorithm_1.tree_rootNode)(target, true), parent, true, true)) {
            if (isActivationEvent && event._bubbles && activationTarget === null && parent._activationBehavior) {
              activationTarget = parent;
            }
            event_appendToAnEventPath(event, parent, null, relatedTarget, touchTargets, slotInClosedTree);
          } else if (parent === relatedTarget) {
            parent = null;
          } else {
            target = parent;
            if (isActivationEvent && activationTarget === null && target._activationBehavior) {
              activationTarget = target;
            }
            event_appendToAnEventPath(event, parent, target, relatedTarget, touchTargets, slotInClosedTree);
          }
          if (parent !== null) {
            parent = parent._getTheParent(event);
          }
          slotInClosedTree = false;
        }
        let clearTargetsStruct = null;
        const path3 = event._path;
        for (let i = path3.length - 1; i >= 0; i--) {
          const struct = path3[i];
          if (struct.shadowAdjustedTarget !== null) {
            clearTargetsStruct = struct;
            break;
          }
        }
        if (clearTargetsStruct !== null) {
          if (util_1.Guard.isNode(clearTargetsStruct.shadowAdjustedTarget) && util_1.Guard.isShadowRoot((0, TreeAlgorithm_1.tree_rootNode)(clearTargetsStruct.shadowAdjustedTarget, true))) {
            clearTargets = true;
          } else if (util_1.Guard.isNode(clearTargetsStruct.relatedTarget) && util_1.Guard.isShadowRoot((0, TreeAlgorithm_1.tree_rootNode)(clearTargetsStruct.relatedTarget, true))) {
            clearTargets = true;
          } else {
            for (let j = 0; j < clearTargetsStruct.touchTargetList.length; j++) {
              const struct = clearTargetsStruct.touchTargetList[j];
              if (util_1.Guard.isNode(struct) && util_1.Guard.isShadowRoot((0, TreeAlgorithm_1.tree_rootNode)(struct, true))) {
                clearTargets = true;
                break;
              }
            }
          }
        }
        if (activationTarget !== null && activationTarget._legacyPreActivationBehavior !== void 0) {
          activationTarget._legacyPreActivationBehavior(event);
        }
        for (let i = path3.length - 1; i >= 0; i--) {
          const struct = path3[i];
          if (struct.shadowAdjustedTarget !== null) {
            event._eventPhase = interfaces_1.EventPhase.AtTarget;
          } else {
            event._eventPhase = interfaces_1.EventPhase.Capturing;
          }
          event_invoke(struct, event, "capturing", legacyOutputDidListenersThrowFlag);
        }
        for (let i = 0; i < path3.length; i++) {
          const struct = path3[i];
          if (struct.shadowAdjustedTarget !== null) {
            event._eventPhase = interfaces_1.EventPhase.AtTarget;
          } else {
            if (!event._bubbles)
              continue;
            event._eventPhase = interfaces_1.EventPhase.Bubbling;
          }
          event_invoke(struct, event, "bubbling", legacyOutputDidListenersThrowFlag);
        }
      }
      event._eventPhase = interfaces_1.EventPhase.None;
      event._currentTarget = null;
      event._path = [];
      event._dispatchFlag = false;
      event._stopPropagationFlag = false;
      event._stopImmediatePropagationFlag = false;
      if (clearTargets) {
        event._target = null;
        event._relatedTarget = null;
        event._touchTargetList = [];
      }
      if (activationTarget !== null) {
        if (!event._canceledFlag && activationTarget._activationBehavior !== void 0) {
          activationTarget._activationBehavior(event);
        } else if (activationTarget._legacyCanceledActivationBehavior !== void 0) {
          activationTarget._legacyCanceledActivationBehavior(event);
        }
      }
      return !event._canceledFlag;
    }
    function event_appendToAnEventPath(event, invocationTarget, shadowAdjustedTarget, relatedTarget, touchTargets, slotInClosedTree) {
      let invocationTargetInShadowTree = false;
      if (util_1.Guard.isNode(invocationTarget) && util_1.Guard.isShadowRoot((0, TreeAlgorithm_1.tree_rootNode)(invocationTarget))) {
        invocationTargetInShadowTree = true;
      }
      let rootOfClosedTree = false;
      if (util_1.Guard.isShadowRoot(invocationTarget) && invocationTarget._mode === "closed") {
        rootOfClosedTree = true;
      }
      event._path.push({
        invocationTarget,
        invocationTargetInShadowTree,
        shadowAdjustedTarget,
        relatedTarget,
        touchTargetList: touchTargets,
        rootOfClosedTree,
        slotInClosedTree
      });
    }
    function event_invoke(struct, event, phase, legacyOutputDidListenersThrowFlag = { value: false }) {
      const path3 = event._path;
      let index = -1;
      for (let i = 0; i < path3.length; i++) {
        if (path3[i] === struct) {
          index = i;
          break;
        }
      }
      if (index !== -1) {
        let item = path3[index];
        if (item.shadowAdjustedTarget !== null) {
          event._target = item.shadowAdjustedTarget;
        } else if (index > 0) {
          item = path3[index - 1];
          if (item.shadowAdjustedTarget !== null) {
            event._target = item.shadowAdjustedTarget;
          }
        }
      }
      event._relatedTarget = struct.relatedTarget;
      event._touchTargetList = struct.touchTargetList;
      if (event._stopPropagationFlag)
        return;
      event._currentTarget = struct.invocationTarget;
      const currentTarget = event._currentTarget;
      const targetListeners = currentTarget._eventListenerList;
      let listeners = new Array(...targetListeners);
      const found = event_innerInvoke(event, listeners, phase, struct, legacyOutputDidListenersThrowFlag);
      if (!found && event._isTrusted) {
        const originalEventType = event._type;
        if (originalEventType === "animationend") {
          event._type = "webkitAnimationEnd";
        } else if (originalEventType === "animationiteration") {
          event._type = "webkitAnimationIteration";
        } else if (originalEventType === "animationstart") {
          event._type = "webkitAnimationStart";
        } else if (originalEventType === "transitionend") {
          event._type = "webkitTransitionEnd";
        }
        event_innerInvoke(event, listeners, phase, struct, legacyOutputDidListenersThrowFlag);
        event._type = originalEventType;
      }
    }
    function event_innerInvoke(event, listeners, phase, struct, legacyOutputDidListenersThrowFlag = { value: false }) {
      let found = false;
      for (let i = 0; i < listeners.length; i++) {
        const listener = listeners[i];
        if (!listener.removed) {
          if (event._type !== listener.type)
            continue;
          found = true;
          if (phase === "capturing" && !listener.capture)
            continue;
          if (phase === "bubbling" && listener.capture)
            continue;
          if (listener.once && event._currentTarget !== null) {
            const impl = event._currentTarget;
            let index = -1;
            for (let i2 = 0; i2 < impl._eventListenerList.length; i2++) {
              if (impl._eventListenerList[i2] === listener) {
                index = i2;
                break;
              }
            }
            if (index !== -1) {
              impl._eventListenerList.splice(index, 1);
            }
          }
          const globalObject = void 0;
          let currentEvent = void 0;
          if (util_1.Guard.isWindow(globalObject)) {
            currentEvent = globalObject._currentEvent;
            if (struct.invocationTargetInShadowTree === false) {
              globalObject._currentEvent = event;
            }
          }
          if (listener.passive)
            event._inPassiveListenerFlag = true;
          try {
            listener.callback.handleEvent.call(event._currentTarget, event);
          } catch (err) {
            legacyOutputDidListenersThrowFlag.value = true;
          }
          if (listener.passive)
            event._inPassiveListenerFlag = false;
          if (util_1.Guard.isWindow(globalObject)) {
            globalObject._currentEvent = currentEvent;
          }
          if (event._stopImmediatePropagationFlag)
            return found;
        }
      }
      return found;
    }
    function event_fireAnEvent(e, target, eventConstructor, idlAttributes, legacyTargetOverrideFlag) {
      if (eventConstructor === void 0) {
        eventConstructor = EventImpl_1.EventImpl;
      }
      const event = event_createAnEvent(eventConstructor);
      event._type = e;
      if (idlAttributes) {
        for (const key in idlAttributes) {
          const idlObj = event;
          idlObj[key] = idlAttributes[key];
        }
      }
      return event_dispatch(event, target, legacyTargetOverrideFlag);
    }
    function event_createLegacyEvent(eventInterface) {
      let constructor = null;
      switch (eventInterface.toLowerCase()) {
        case "beforeunloadevent":
          break;
        case "compositionevent":
          break;
        case "customevent":
          constructor = CustomEventImpl_1.CustomEventImpl;
          break;
        case "devicemotionevent":
          break;
        case "deviceorientationevent":
          break;
        case "dragevent":
          break;
        case "event":
        case "events":
          constructor = EventImpl_1.EventImpl;
          break;
        case "focusevent":
          break;
        case "hashchangeevent":
          break;
        case "htmlevents":
          break;
        case "keyboardevent":
          break;
        case "messageevent":
          break;
        case "mouseevent":
          break;
        case "mouseevents":
          break;
        case "storageevent":
          break;
        case "svgevents":
          break;
        case "textevent":
          break;
        case "touchevent":
          break;
        case "uievent":
          break;
        case "uievents":
          break;
      }
      if (constructor === null) {
        throw new DOMException_1.NotSupportedError(`Event constructor not found for interface ${eventInterface}.`);
      }
      const event = new constructor("");
      event._type = "";
      event._timeStamp = (/* @__PURE__ */ new Date()).getTime();
      event._isTrusted = false;
      event._initializedFlag = false;
      return event;
    }
    function event_getterEventHandlerIDLAttribute(thisObj, name) {
      const eventTarget = event_determineTheTargetOfAnEventHandler(thisObj, name);
      if (eventTarget === null)
        return null;
      return event_getTheCurrentValueOfAnEventHandler(eventTarget, name);
    }
    function event_setterEventHandlerIDLAttribute(thisObj, name, value) {
      const eventTarget = event_determineTheTargetOfAnEventHandler(thisObj, name);
      if (eventTarget === null)
        return;
      if (value === null) {
        event_deactivateAnEventHandler(eventTarget, name);
      } else {
        const handlerMap = eventTarget._eventHandlerMap;
        const eventHandler = handlerMap["onabort"];
        if (eventHandler !== void 0) {
          eventHandler.value = value;
        }
        event_activateAnEventHandler(eventTarget, name);
      }
    }
    function event_determineTheTargetOfAnEventHandler(eventTarget, name) {
      return null;
    }
    function event_getTheCurrentValueOfAnEventHandler(eventTarget, name) {
      return null;
    }
    function event_activateAnEventHandler(eventTarget, name) {
    }
    function event_deactivateAnEventHandler(eventTarget, name) {
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/AbortAlgorithm.js
var require_AbortAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/AbortAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.abort_add = abort_add;
    exports2.abort_remove = abort_remove;
    exports2.abort_signalAbort = abort_signalAbort;
    var EventAlgorithm_1 = require_EventAlgorithm();
    function abort_add(algorithm, signal) {
      if (signal._abortedFlag)
        return;
      signal._abortAlgorithms.add(algorithm);
    }
    function abort_remove(algorithm, signal) {
      signal._abortAlgorithms.delete(algorithm);
    }
    function abort_signalAbort(signal) {
      if (signal._abortedFlag)
        return;
      signal._abortedFlag = true;
      for (const algorithm of signal._abortAlgorithms) {
        algorithm.call(signal);
      }
      signal._abortAlgorithms.clear();
      (0, EventAlgorithm_1.event_fireAnEvent)("abort", signal);
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/CustomElementAlgorithm.js
var require_CustomElementAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/CustomElementAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.customElement_isValidCustomElementName = customElement_isValidCustomElementName;
    exports2.customElement_isValidElementName = customElement_isValidElementName;
    exports2.customElement_isVoidElementName = customElement_isVoidElementName;
    exports2.customElement_isValidShadowHostName = customElement_isValidShadowHostName;
    exports2.customElement_enqueueACustomElementUpgradeReaction = customElement_enqueueACustomElementUpgradeReaction;
    exports2.customElement_enqueueACustomElementCallbackReaction = customElement_enqueueACustomElementCallbackReaction;
    exports2.customElement_upgrade = customElement_upgrade;
    exports2.customElement_tryToUpgrade = customElement_tryToUpgrade;
    exports2.customElement_lookUpACustomElementDefinition = customElement_lookUpACustomElementDefinition;
    var PotentialCustomElementName = /[a-z]([\0-\t\x2D\._a-z\xB7\xC0-\xD6\xD8-\xF6\xF8-\u037D\u037F-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]|[\uD800-\uDB7F][\uDC00-\uDFFF])*-([\0-\t\x2D\._a-z\xB7\xC0-\xD6\xD8-\xF6\xF8-\u037D\u037F-\u1FFF\u200C\u200D\u203F\u2040\u2070-\u218F\u2C00-\u2FEF\u3001-\uD7FF\uF900-\uFDCF\uFDF0-\uFFFD]|[\uD800-\uDB7F][\uDC00-\uDFFF])*/;
    var NamesWithHyphen = /* @__PURE__ */ new Set([
      "annotation-xml",
      "color-profile",
      "font-face",
      "font-face-src",
      "font-face-uri",
      "font-face-format",
      "font-face-name",
      "missing-glyph"
    ]);
    var ElementNames = /* @__PURE__ */ new Set([
      "article",
      "aside",
      "blockquote",
      "body",
      "div",
      "footer",
      "h1",
      "h2",
      "h3",
      "h4",
      "h5",
      "h6",
      "header",
      "main",
      "nav",
      "p",
      "section",
      "span"
    ]);
    var VoidElementNames = /* @__PURE__ */ new Set([
      "area",
      "base",
      "basefont",
      "bgsound",
      "br",
      "col",
      "embed",
      "frame",
      "hr",
      "img",
      "input",
      "keygen",
      "link",
      "menuitem",
      "meta",
      "param",
      "source",
      "track",
      "wbr"
    ]);
    var ShadowHostNames = /* @__PURE__ */ new Set([
      "article",
      "aside",
      "blockquote",
      "body",
      "div",
      "footer",
      "h1",
      "h2",
      "h3",
      "h4",
      "h5",
      "h6",
      "header",
      "main",
      "nav",
      "p",
      "section",
      "span"
    ]);
    function customElement_isValidCustomElementName(name) {
      if (!PotentialCustomElementName.test(name))
        return false;
      if (NamesWithHyphen.has(name))
        return false;
      return true;
    }
    function customElement_isValidElementName(name) {
      return ElementNames.has(name);
    }
    function customElement_isVoidElementName(name) {
      return VoidElementNames.has(name);
    }
    function customElement_isValidShadowHostName(name) {
      return ShadowHostNames.has(name);
    }
    function customElement_enqueueACustomElementUpgradeReaction(element, definition) {
    }
    function customElement_enqueueACustomElementCallbackReaction(element, callbackName, args) {
    }
    function customElement_upgrade(definition, element) {
    }
    function customElement_tryToUpgrade(element) {
    }
    function customElement_lookUpACustomElementDefinition(document, namespace, localName, is) {
      return null;
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/TraversalAlgorithm.js
var require_TraversalAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/TraversalAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.traversal_filter = traversal_filter;
    var interfaces_1 = require_interfaces2();
    var DOMException_1 = require_DOMException();
    function traversal_filter(traverser, node) {
      if (traverser._activeFlag) {
        throw new DOMException_1.InvalidStateError();
      }
      const n = node._nodeType - 1;
      const mask = 1 << n;
      if ((traverser.whatToShow & mask) === 0) {
        return interfaces_1.FilterResult.Skip;
      }
      if (!traverser.filter) {
        return interfaces_1.FilterResult.Accept;
      }
      traverser._activeFlag = true;
      let result = interfaces_1.FilterResult.Reject;
      try {
        result = traverser.filter.acceptNode(node);
      } catch (err) {
        traverser._activeFlag = false;
        throw err;
      }
      traverser._activeFlag = false;
      return result;
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/NodeIteratorAlgorithm.js
var require_NodeIteratorAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/NodeIteratorAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.nodeIterator_traverse = nodeIterator_traverse;
    exports2.nodeIterator_iteratorList = nodeIterator_iteratorList;
    var DOMImpl_1 = require_DOMImpl();
    var interfaces_1 = require_interfaces2();
    var TraversalAlgorithm_1 = require_TraversalAlgorithm();
    var TreeAlgorithm_1 = require_TreeAlgorithm();
    function nodeIterator_traverse(iterator, forward) {
      let node = iterator._reference;
      let beforeNode = iterator._pointerBeforeReference;
      while (true) {
        if (forward) {
          if (!beforeNode) {
            const nextNode = (0, TreeAlgorithm_1.tree_getFollowingNode)(iterator._root, node);
            if (nextNode) {
              node = nextNode;
            } else {
              return null;
            }
          } else {
            beforeNode = false;
          }
        } else {
          if (beforeNode) {
            const prevNode = (0, TreeAlgorithm_1.tree_getPrecedingNode)(iterator.root, node);
            if (prevNode) {
              node = prevNode;
            } else {
              return null;
            }
          } else {
            beforeNode = true;
          }
        }
        const result = (0, TraversalAlgorithm_1.traversal_filter)(iterator, node);
        if (result === interfaces_1.FilterResult.Accept) {
          break;
        }
      }
      iterator._reference = node;
      iterator._pointerBeforeReference = beforeNode;
      return node;
    }
    function nodeIterator_iteratorList() {
      return DOMImpl_1.dom.window._iteratorList;
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/XMLAlgorithm.js
var require_XMLAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/XMLAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.xml_isName = xml_isName;
    exports2.xml_isQName = xml_isQName;
    exports2.xml_isLegalChar = xml_isLegalChar;
    exports2.xml_isPubidChar = xml_isPubidChar;
    function xml_isName(name) {
      for (let i = 0; i < name.length; i++) {
        let n = name.charCodeAt(i);
        if (n >= 97 && n <= 122 || // [a-z]
        n >= 65 && n <= 90 || // [A-Z]
        n === 58 || n === 95 || // ':' or '_'
        n >= 192 && n <= 214 || n >= 216 && n <= 246 || n >= 248 && n <= 767 || n >= 880 && n <= 893 || n >= 895 && n <= 8191 || n >= 8204 && n <= 8205 || n >= 8304 && n <= 8591 || n >= 11264 && n <= 12271 || n >= 12289 && n <= 55295 || n >= 63744 && n <= 64975 || n >= 65008 && n <= 65533) {
          continue;
        } else if (i !== 0 && (n === 45 || n === 46 || // '-' or '.'
        n >= 48 && n <= 57 || // [0-9]
        n === 183 || n >= 768 && n <= 879 || n >= 8255 && n <= 8256)) {
          continue;
        }
        if (n >= 55296 && n <= 56319 && i < name.length - 1) {
          const n2 = name.charCodeAt(i + 1);
          if (n2 >= 56320 && n2 <= 57343) {
            n = (n - 55296) * 1024 + n2 - 56320 + 65536;
            i++;
            if (n >= 65536 && n <= 983039) {
              continue;
            }
          }
        }
        return false;
      }
      return true;
    }
    function xml_isQName(name) {
      let colonFound = false;
      for (let i = 0; i < name.length; i++) {
        let n = name.charCodeAt(i);
        if (n >= 97 && n <= 122 || // [a-z]
        n >= 65 && n <= 90 || // [A-Z]
        n === 95 || // '_'
        n >= 192 && n <= 214 || n >= 216 && n <= 246 || n >= 248 && n <= 767 || n >= 880 && n <= 893 || n >= 895 && n <= 8191 || n >= 8204 && n <= 8205 || n >= 8304 && n <= 8591 || n >= 11264 && n <= 12271 || n >= 12289 && n <= 55295 || n >= 63744 && n <= 64975 || n >= 65008 && n <= 65533) {
          continue;
        } else if (i !== 0 && (n === 45 || n === 46 || // '-' or '.'
        n >= 48 && n <= 57 || // [0-9]
        n === 183 || n >= 768 && n <= 879 || n >= 8255 && n <= 8256)) {
          continue;
        } else if (i !== 0 && n === 58) {
          if (colonFound)
            return false;
          if (i === name.length - 1)
            return false;
          colonFound = true;
          continue;
        }
        if (n >= 55296 && n <= 56319 && i < name.length - 1) {
          const n2 = name.charCodeAt(i + 1);
          if (n2 >= 56320 && n2 <= 57343) {
            n = (n - 55296) * 1024 + n2 - 56320 + 65536;
            i++;
            if (n >= 65536 && n <= 983039) {
              continue;
            }
          }
        }
        return false;
      }
      return true;
    }
    function xml_isLegalChar(chars) {
      for (let i = 0; i < chars.length; i++) {
        let n = chars.charCodeAt(i);
        if (n === 9 || n === 10 || n === 13 || n >= 32 && n <= 55295 || n >= 57344 && n <= 65533) {
          continue;
        }
        if (n >= 55296 && n <= 56319 && i < chars.length - 1) {
          const n2 = chars.charCodeAt(i + 1);
          if (n2 >= 56320 && n2 <= 57343) {
            n = (n - 55296) * 1024 + n2 - 56320 + 65536;
            i++;
            if (n >= 65536 && n <= 1114111) {
              continue;
            }
          }
        }
        return false;
      }
      return true;
    }
    function xml_isPubidChar(chars) {
      for (let i = 0; i < chars.length; i++) {
        const n = chars.charCodeAt(i);
        if (n >= 97 && n <= 122 || // [a-z]
        n >= 65 && n <= 90 || // [A-Z]
        n >= 39 && n <= 59 || // ['()*+,-./] | [0-9] | [:;]
        n === 32 || n === 13 || n === 10 || // #x20 | #xD | #xA
        n >= 35 && n <= 37 || // [#$%]
        n === 33 || // !
        n === 61 || n === 63 || n === 64 || n === 95) {
          continue;
        } else {
          return false;
        }
      }
      return true;
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/NamespaceAlgorithm.js
var require_NamespaceAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/NamespaceAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.namespace_validate = namespace_validate;
    exports2.namespace_validateAndExtract = namespace_validateAndExtract;
    exports2.namespace_extractQName = namespace_extractQName;
    var DOMException_1 = require_DOMException();
    var infra_1 = require_lib2();
    var XMLAlgorithm_1 = require_XMLAlgorithm();
    function namespace_validate(qualifiedName) {
      if (!(0, XMLAlgorithm_1.xml_isName)(qualifiedName))
        throw new DOMException_1.InvalidCharacterError(`Invalid XML name: ${qualifiedName}`);
      if (!(0, XMLAlgorithm_1.xml_isQName)(qualifiedName))
        throw new DOMException_1.InvalidCharacterError(`Invalid XML qualified name: ${qualifiedName}.`);
    }
    function namespace_validateAndExtract(namespace, qualifiedName) {
      if (!namespace)
        namespace = null;
      namespace_validate(qualifiedName);
      const parts = qualifiedName.split(":");
      const prefix = parts.length === 2 ? parts[0] : null;
      const localName = parts.length === 2 ? parts[1] : qualifiedName;
      if (prefix && namespace === null)
        throw new DOMException_1.NamespaceError("Qualified name includes a prefix but the namespace is null.");
      if (prefix === "xml" && namespace !== infra_1.namespace.XML)
        throw new DOMException_1.NamespaceError(`Qualified name includes the "xml" prefix but the namespace is not the XML namespace.`);
      if (namespace !== infra_1.namespace.XMLNS && (prefix === "xmlns" || qualifiedName === "xmlns"))
        throw new DOMException_1.NamespaceError(`Qualified name includes the "xmlns" prefix but the namespace is not the XMLNS namespace.`);
      if (namespace === infra_1.namespace.XMLNS && (prefix !== "xmlns" && qualifiedName !== "xmlns"))
        throw new DOMException_1.NamespaceError(`Qualified name does not include the "xmlns" prefix but the namespace is the XMLNS namespace.`);
      return [namespace, prefix, localName];
    }
    function namespace_extractQName(qualifiedName) {
      namespace_validate(qualifiedName);
      const parts = qualifiedName.split(":");
      const prefix = parts.length === 2 ? parts[0] : null;
      const localName = parts.length === 2 ? parts[1] : qualifiedName;
      return [prefix, localName];
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/DocumentAlgorithm.js
var require_DocumentAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/DocumentAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.document_elementInterface = document_elementInterface;
    exports2.document_internalCreateElementNS = document_internalCreateElementNS;
    exports2.document_adopt = document_adopt;
    var DOMImpl_1 = require_DOMImpl();
    var util_1 = require_util();
    var util_2 = require_lib();
    var ElementImpl_1 = require_ElementImpl();
    var CustomElementAlgorithm_1 = require_CustomElementAlgorithm();
    var TreeAlgorithm_1 = require_TreeAlgorithm();
    var NamespaceAlgorithm_1 = require_NamespaceAlgorithm();
    var DOMAlgorithm_1 = require_DOMAlgorithm();
    var ElementAlgorithm_1 = require_ElementAlgorithm();
    var MutationAlgorithm_1 = require_MutationAlgorithm();
    function document_elementInterface(name, namespace) {
      return ElementImpl_1.ElementImpl;
    }
    function document_internalCreateElementNS(document, namespace, qualifiedName, options2) {
      const [ns, prefix, localName] = (0, NamespaceAlgorithm_1.namespace_validateAndExtract)(namespace, qualifiedName);
      let is = null;
      if (options2 !== void 0) {
        if ((0, util_2.isString)(options2)) {
          is = options2;
        } else {
          is = options2.is;
        }
      }
      return (0, ElementAlgorithm_1.element_createAnElement)(document, localName, ns, prefix, is, true);
    }
    function document_adopt(node, document) {
      if (node._nodeDocument === document && node._parent === null) {
        return;
      }
      const oldDocument = node._nodeDocument;
      if (node._parent)
        (0, MutationAlgorithm_1.mutation_remove)(node, node._parent);
      if (document !== oldDocument) {
        let inclusiveDescendant = (0, TreeAlgorithm_1.tree_getFirstDescendantNode)(node, true, true);
        while (inclusiveDescendant !== null) {
          inclusiveDescendant._nodeDocument = document;
          if (util_1.Guard.isElementNode(inclusiveDescendant)) {
            for (const attr of inclusiveDescendant._attributeList._asArray()) {
              attr._nodeDocument = document;
            }
          }
          if (DOMImpl_1.dom.features.customElements) {
            if (util_1.Guard.isElementNode(inclusiveDescendant) && inclusiveDescendant._customElementState === "custom") {
              (0, CustomElementAlgorithm_1.customElement_enqueueACustomElementCallbackReaction)(inclusiveDescendant, "adoptedCallback", [oldDocument, document]);
            }
          }
          if (DOMImpl_1.dom.features.steps) {
            (0, DOMAlgorithm_1.dom_runAdoptingSteps)(inclusiveDescendant, oldDocument);
          }
          inclusiveDescendant = (0, TreeAlgorithm_1.tree_getNextDescendantNode)(node, inclusiveDescendant, true, true);
        }
      }
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/MutationAlgorithm.js
var require_MutationAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/MutationAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.mutation_ensurePreInsertionValidity = mutation_ensurePreInsertionValidity;
    exports2.mutation_preInsert = mutation_preInsert;
    exports2.mutation_insert = mutation_insert;
    exports2.mutation_append = mutation_append;
    exports2.mutation_replace = mutation_replace;
    exports2.mutation_replaceAll = mutation_replaceAll;
    exports2.mutation_preRemove = mutation_preRemove;
    exports2.mutation_remove = mutation_remove;
    var DOMImpl_1 = require_DOMImpl();
    var DOMException_1 = require_DOMException();
    var interfaces_1 = require_interfaces2();
    var util_1 = require_util();
    var util_2 = require_lib();
    var infra_1 = require_lib2();
    var CustomElementAlgorithm_1 = require_CustomElementAlgorithm();
    var TreeAlgorithm_1 = require_TreeAlgorithm();
    var NodeIteratorAlgorithm_1 = require_NodeIteratorAlgorithm();
    var ShadowTreeAlgorithm_1 = require_ShadowTreeAlgorithm();
    var MutationObserverAlgorithm_1 = require_MutationObserverAlgorithm();
    var DOMAlgorithm_1 = require_DOMAlgorithm();
    var DocumentAlgorithm_1 = require_DocumentAlgorithm();
    function mutation_ensurePreInsertionValidity(node, parent, child) {
      const parentNodeType = parent._nodeType;
      const nodeNodeType = node._nodeType;
      const childNodeType = child ? child._nodeType : null;
      if (parentNodeType !== interfaces_1.NodeType.Document && parentNodeType !== interfaces_1.NodeType.DocumentFragment && parentNodeType !== interfaces_1.NodeType.Element)
        throw new DOMException_1.HierarchyRequestError(`Only document, document fragment and element nodes can contain child nodes. Parent node is ${parent.nodeName}.`);
      if ((0, TreeAlgorithm_1.tree_isHostIncludingAncestorOf)(parent, node, true))
        throw new DOMException_1.HierarchyRequestError(`The node to be inserted cannot be an inclusive ancestor of parent node. Node is ${node.nodeName}, parent node is ${parent.nodeName}.`);
      if (child !== null && child._parent !== parent)
        throw new DOMException_1.NotFoundError(`The reference child node cannot be found under parent node. Child node is ${child.nodeName}, parent node is ${parent.nodeName}.`);
      if (nodeNodeType !== interfaces_1.NodeType.DocumentFragment && nodeNodeType !== interfaces_1.NodeType.DocumentType && nodeNodeType !== interfaces_1.NodeType.Element && nodeNodeType !== interfaces_1.NodeType.Text && nodeNodeType !== interfaces_1.NodeType.ProcessingInstruction && nodeNodeType !== interfaces_1.NodeType.CData && nodeNodeType !== interfaces_1.NodeType.Comment)
        throw new DOMException_1.HierarchyRequestError(`Only document fragment, document type, element, text, processing instruction, cdata section or comment nodes can be inserted. Node is ${node.nodeName}.`);
      if (nodeNodeType === interfaces_1.NodeType.Text && parentNodeType === interfaces_1.NodeType.Document)
        throw new DOMException_1.HierarchyRequestError(`Cannot insert a text node as a child of a document node. Node is ${node.nodeName}.`);
      if (nodeNodeType === interfaces_1.NodeType.DocumentType && parentNodeType !== interfaces_1.NodeType.Document)
        throw new DOMException_1.HierarchyRequestError(`A document type node can only be inserted under a document node. Parent node is ${parent.nodeName}.`);
      if (parentNodeType === interfaces_1.NodeType.Document) {
        if (nodeNodeType === interfaces_1.NodeType.DocumentFragment) {
          let eleCount = 0;
          for (const childNode of node._children) {
            if (childNode._nodeType === interfaces_1.NodeType.Element)
              eleCount++;
            else if (childNode._nodeType === interfaces_1.NodeType.Text)
              throw new DOMException_1.HierarchyRequestError(`Cannot insert text a node as a child of a document node. Node is ${childNode.nodeName}.`);
          }
          if (eleCount > 1) {
            throw new DOMException_1.HierarchyRequestError(`A document node can only have one document element node. Document fragment to be inserted has ${eleCount} element nodes.`);
          } else if (eleCount === 1) {
            for (const ele of parent._children) {
              if (ele._nodeType === interfaces_1.NodeType.Element)
                throw new DOMException_1.HierarchyRequestError(`The document node already has a document element node.`);
            }
            if (child) {
              if (childNodeType === interfaces_1.NodeType.DocumentType)
                throw new DOMException_1.HierarchyRequestError(`Cannot insert an element node before a document type node.`);
              let doctypeChild = child._nextSibling;
              while (doctypeChild) {
                if (doctypeChild._nodeType === interfaces_1.NodeType.DocumentType)
                  throw new DOMException_1.HierarchyRequestError(`Cannot insert an element node before a document type node.`);
                doctypeChild = doctypeChild._nextSibling;
              }
            }
          }
        } else if (nodeNodeType === interfaces_1.NodeType.Element) {
          for (const ele of parent._children) {
            if (ele._nodeType === interfaces_1.NodeType.Element)
              throw new DOMException_1.HierarchyRequestError(`Document already has a document element node. Node is ${node.nodeName}.`);
          }
          if (child) {
            if (childNodeType === interfaces_1.NodeType.DocumentType)
              throw new DOMException_1.HierarchyRequestError(`Cannot insert an element node before a document type node. Node is ${node.nodeName}.`);
            let doctypeChild = child._nextSibling;
            while (doctypeChild) {
              if (doctypeChild._nodeType === interfaces_1.NodeType.DocumentType)
                throw new DOMException_1.HierarchyRequestError(`Cannot insert an element node before a document type node. Node is ${node.nodeName}.`);
              doctypeChild = doctypeChild._nextSibling;
            }
          }
        } else if (nodeNodeType === interfaces_1.NodeType.DocumentType) {
          for (const ele of parent._children) {
            if (ele._nodeType === interfaces_1.NodeType.DocumentType)
              throw new DOMException_1.HierarchyRequestError(`Document already has a document type node. Node is ${node.nodeName}.`);
          }
          if (child) {
            let elementChild = child._previousSibling;
            while (elementChild) {
              if (elementChild._nodeType === interfaces_1.NodeType.Element)
                throw new DOMException_1.HierarchyRequestError(`Cannot insert a document type node before an element node. Node is ${node.nodeName}.`);
              elementChild = elementChild._previousSibling;
            }
          } else {
            let elementChild = parent._firstChild;
            while (elementChild) {
              if (elementChild._nodeType === interfaces_1.NodeType.Element)
                throw new DOMException_1.HierarchyRequestError(`Cannot insert a document type node before an element node. Node is ${node.nodeName}.`);
              elementChild = elementChild._nextSibling;
            }
          }
        }
      }
    }
    function mutation_preInsert(node, parent, child) {
      mutation_ensurePreInsertionValidity(node, parent, child);
      let referenceChild = child;
      if (referenceChild === node)
        referenceChild = node._nextSibling;
      (0, DocumentAlgorithm_1.document_adopt)(node, parent._nodeDocument);
      mutation_insert(node, parent, referenceChild);
      return node;
    }
    function mutation_insert(node, parent, child, suppressObservers) {
      if (child === null && node._nodeType !== interfaces_1.NodeType.DocumentFragment) {
        mutation_insert_single(node, parent, suppressObservers);
        return;
      }
      const count = node._nodeType === interfaces_1.NodeType.DocumentFragment ? node._children.size : 1;
      if (child !== null) {
        if (DOMImpl_1.dom.rangeList.size !== 0) {
          const index2 = (0, TreeAlgorithm_1.tree_index)(child);
          for (const range of DOMImpl_1.dom.rangeList) {
            if (range._start[0] === parent && range._start[1] > index2) {
              range._start[1] += count;
            }
            if (range._end[0] === parent && range._end[1] > index2) {
              range._end[1] += count;
            }
          }
        }
      }
      const nodes = node._nodeType === interfaces_1.NodeType.DocumentFragment ? new Array(...node._children) : [node];
      if (node._nodeType === interfaces_1.NodeType.DocumentFragment) {
        while (node._firstChild) {
          mutation_remove(node._firstChild, node, true);
        }
      }
      if (DOMImpl_1.dom.features.mutationObservers) {
        if (node._nodeType === interfaces_1.NodeType.DocumentFragment) {
          (0, MutationObserverAlgorithm_1.observer_queueTreeMutationRecord)(node, [], nodes, null, null);
        }
      }
      const previousSibling = child ? child._previousSibling : parent._lastChild;
      let index = child === null ? -1 : (0, TreeAlgorithm_1.tree_index)(child);
      for (let i = 0; i < nodes.length; i++) {
        const node2 = nodes[i];
        if (util_1.Guard.isElementNode(node2)) {
          if (util_1.Guard.isDocumentNode(parent)) {
            parent._documentElement = node2;
          }
          if (!node2._nodeDocument._hasNamespaces && (node2._namespace !== null || node2._namespacePrefix !== null)) {
            node2._nodeDocument._hasNamespaces = true;
          }
        }
        node2._parent = parent;
        if (child === null) {
          infra_1.set.append(parent._children, node2);
        } else {
          infra_1.set.insert(parent._children, node2, index);
          index++;
        }
        if (parent._firstChild === null) {
          node2._previousSibling = null;
          node2._nextSibling = null;
          parent._firstChild = node2;
          parent._lastChild = node2;
        } else {
          const prev = child ? child._previousSibling : parent._lastChild;
          const next = child ? child : null;
          node2._previousSibling = prev;
          node2._nextSibling = next;
          if (prev)
            prev._nextSibling = node2;
          if (next)
            next._previousSibling = node2;
          if (!prev)
            parent._firstChild = node2;
          if (!next)
            parent._lastChild = node2;
        }
        if (DOMImpl_1.dom.features.slots) {
          if (parent._shadowRoot !== null && util_1.Guard.isSlotable(node2)) {
            (0, ShadowTreeAlgorithm_1.shadowTree_assignASlot)(node2);
          }
        }
        if (DOMImpl_1.dom.features.steps) {
          if (util_1.Guard.isTextNode(node2)) {
            (0, DOMAlgorithm_1.dom_runChildTextContentChangeSteps)(parent);
          }
        }
        if (DOMImpl_1.dom.features.slots) {
          if (util_1.Guard.isShadowRoot((0, TreeAlgorithm_1.tree_rootNode)(parent)) && util_1.Guard.isSlot(parent) && (0, util_2.isEmpty)(parent._assignedNodes)) {
            (0, ShadowTreeAlgorithm_1.shadowTree_signalASlotChange)(parent);
          }
        }
        if (DOMImpl_1.dom.features.slots) {
          (0, ShadowTreeAlgorithm_1.shadowTree_assignSlotablesForATree)((0, TreeAlgorithm_1.tree_rootNode)(node2));
        }
        let inclusiveDescendant = (0, TreeAlgorithm_1.tree_getFirstDescendantNode)(node2, true, true);
        while (inclusiveDescendant !== null) {
          if (DOMImpl_1.dom.features.steps) {
            (0, DOMAlgorithm_1.dom_runInsertionSteps)(inclusiveDescendant);
          }
          if (DOMImpl_1.dom.features.customElements) {
            if (util_1.Guard.isElementNode(inclusiveDescendant) && (0, ShadowTreeAlgorithm_1.shadowTree_isConnected)(inclusiveDescendant)) {
              if (util_1.Guard.isCustomElementNode(inclusiveDescendant)) {
                (0, CustomElementAlgorithm_1.customElement_enqueueACustomElementCallbackReaction)(inclusiveDescendant, "connectedCallback", []);
              } else {
                (0, CustomElementAlgorithm_1.customElement_tryToUpgrade)(inclusiveDescendant);
              }
            }
          }
          inclusiveDescendant = (0, TreeAlgorithm_1.tree_getNextDescendantNode)(node2, inclusiveDescendant, true, true);
        }
      }
      if (DOMImpl_1.dom.features.mutationObservers) {
        if (!suppressObservers) {
          (0, MutationObserverAlgorithm_1.observer_queueTreeMutationRecord)(parent, nodes, [], previousSibling, child);
        }
      }
    }
    function mutation_insert_single(node, parent, suppressObservers) {
      const previousSibling = parent._lastChild;
      if (util_1.Guard.isElementNode(node)) {
        if (util_1.Guard.isDocumentNode(parent)) {
          parent._documentElement = node;
        }
        if (!node._nodeDocument._hasNamespaces && (node._namespace !== null || node._namespacePrefix !== null)) {
          node._nodeDocument._hasNamespaces = true;
        }
      }
      node._parent = parent;
      parent._children.add(node);
      if (parent._firstChild === null) {
        node._previousSibling = null;
        node._nextSibling = null;
        parent._firstChild = node;
        parent._lastChild = node;
      } else {
        const prev = parent._lastChild;
        node._previousSibling = prev;
        node._nextSibling = null;
        if (prev)
          prev._nextSibling = node;
        if (!prev)
          parent._firstChild = node;
        parent._lastChild = node;
      }
      if (DOMImpl_1.dom.features.slots) {
        if (parent._shadowRoot !== null && util_1.Guard.isSlotable(node)) {
          (0, ShadowTreeAlgorithm_1.shadowTree_assignASlot)(node);
        }
      }
      if (DOMImpl_1.dom.features.steps) {
        if (util_1.Guard.isTextNode(node)) {
          (0, DOMAlgorithm_1.dom_runChildTextContentChangeSteps)(parent);
        }
      }
      if (DOMImpl_1.dom.features.slots) {
        if (util_1.Guard.isShadowRoot((0, TreeAlgorithm_1.tree_rootNode)(parent)) && util_1.Guard.isSlot(parent) && (0, util_2.isEmpty)(parent._assignedNodes)) {
          (0, ShadowTreeAlgorithm_1.shadowTree_signalASlotChange)(parent);
        }
      }
      if (DOMImpl_1.dom.features.slots) {
        (0, ShadowTreeAlgorithm_1.shadowTree_assignSlotablesForATree)((0, TreeAlgorithm_1.tree_rootNode)(node));
      }
      if (DOMImpl_1.dom.features.steps) {
        (0, DOMAlgorithm_1.dom_runInsertionSteps)(node);
      }
      if (DOMImpl_1.dom.features.customElements) {
        if (util_1.Guard.isElementNode(node) && (0, ShadowTreeAlgorithm_1.shadowTree_isConnected)(node)) {
          if (util_1.Guard.isCustomElementNode(node)) {
            (0, CustomElementAlgorithm_1.customElement_enqueueACustomElementCallbackReaction)(node, "connectedCallback", []);
          } else {
            (0, CustomElementAlgorithm_1.customElement_tryToUpgrade)(node);
          }
        }
      }
      if (DOMImpl_1.dom.features.mutationObservers) {
        if (!suppressObservers) {
          (0, MutationObserverAlgorithm_1.observer_queueTreeMutationRecord)(parent, [node], [], previousSibling, null);
        }
      }
    }
    function mutation_append(node, parent) {
      return mutation_preInsert(node, parent, null);
    }
    function mutation_replace(child, node, parent) {
      if (parent._nodeType !== interfaces_1.NodeType.Document && parent._nodeType !== interfaces_1.NodeType.DocumentFragment && parent._nodeType !== interfaces_1.NodeType.Element)
        throw new DOMException_1.HierarchyRequestError(`Only document, document fragment and element nodes can contain child nodes. Parent node is ${parent.nodeName}.`);
      if ((0, TreeAlgorithm_1.tree_isHostIncludingAncestorOf)(parent, node, true))
        throw new DOMException_1.HierarchyRequestError(`The node to be inserted cannot be an ancestor of parent node. Node is ${node.nodeName}, parent node is ${parent.nodeName}.`);
      if (child._parent !== parent)
        throw new DOMException_1.NotFoundError(`The reference child node cannot be found under parent node. Child node is ${child.nodeName}, parent node is ${parent.nodeName}.`);
      if (node._nodeType !== interfaces_1.NodeType.DocumentFragment && node._nodeType !== interfaces_1.NodeType.DocumentType && node._nodeType !== interfaces_1.NodeType.Element && node._nodeType !== interfaces_1.NodeType.Text && node._nodeType !== interfaces_1.NodeType.ProcessingInstruction && node._nodeType !== interfaces_1.NodeType.CData && node._nodeType !== interfaces_1.NodeType.Comment)
        throw new DOMException_1.HierarchyRequestError(`Only document fragment, document type, element, text, processing instruction, cdata section or comment nodes can be inserted. Node is ${node.nodeName}.`);
      if (node._nodeType === interfaces_1.NodeType.Text && parent._nodeType === interfaces_1.NodeType.Document)
        throw new DOMException_1.HierarchyRequestError(`Cannot insert a text node as a child of a document node. Node is ${node.nodeName}.`);
      if (node._nodeType === interfaces_1.NodeType.DocumentType && parent._nodeType !== interfaces_1.NodeType.Document)
        throw new DOMException_1.HierarchyRequestError(`A document type node can only be inserted under a document node. Parent node is ${parent.nodeName}.`);
      if (parent._nodeType === interfaces_1.NodeType.Document) {
        if (node._nodeType === interfaces_1.NodeType.DocumentFragment) {
          let eleCount = 0;
          for (const childNode of node._children) {
            if (childNode._nodeType === interfaces_1.NodeType.Element)
              eleCount++;
            else if (childNode._nodeType === interfaces_1.NodeType.Text)
              throw new DOMException_1.HierarchyRequestError(`Cannot insert text a node as a child of a document node. Node is ${childNode.nodeName}.`);
          }
          if (eleCount > 1) {
            throw new DOMException_1.HierarchyRequestError(`A document node can only have one document element node. Document fragment to be inserted has ${eleCount} element nodes.`);
          } else if (eleCount === 1) {
            for (const ele of parent._children) {
              if (ele._nodeType === interfaces_1.NodeType.Element && ele !== child)
                throw new DOMException_1.HierarchyRequestError(`The document node already has a document element node.`);
            }
            let doctypeChild = child._nextSibling;
            while (doctypeChild) {
              if (doctypeChild._nodeType === interfaces_1.NodeType.DocumentType)
                throw new DOMException_1.HierarchyRequestError(`Cannot insert an element node before a document type node.`);
              doctypeChild = doctypeChild._nextSibling;
            }
          }
        } else if (node._nodeType === interfaces_1.NodeType.Element) {
          for (const ele of parent._children) {
            if (ele._nodeType === interfaces_1.NodeType.Element && ele !== child)
              throw new DOMException_1.HierarchyRequestError(`Document already has a document element node. Node is ${node.nodeName}.`);
          }
          let doctypeChild = child._nextSibling;
          while (doctypeChild) {
            if (doctypeChild._nodeType === interfaces_1.NodeType.DocumentType)
              throw new DOMException_1.HierarchyRequestError(`Cannot insert an element node before a document type node. Node is ${node.nodeName}.`);
            doctypeChild = doctypeChild._nextSibling;
          }
        } else if (node._nodeType === interfaces_1.NodeType.DocumentType) {
          for (const ele of parent._children) {
            if (ele._nodeType === interfaces_1.NodeType.DocumentType && ele !== child)
              throw new DOMException_1.HierarchyRequestError(`Document already has a document type node. Node is ${node.nodeName}.`);
          }
          let elementChild = child._previousSibling;
          while (elementChild) {
            if (elementChild._nodeType === interfaces_1.NodeType.Element)
              throw new DOMException_1.HierarchyRequestError(`Cannot insert a document type node before an element node. Node is ${node.nodeName}.`);
            elementChild = elementChild._previousSibling;
          }
        }
      }
      let referenceChild = child._nextSibling;
      if (referenceChild === node)
        referenceChild = node._nextSibling;
      let previousSibling = child._previousSibling;
      (0, DocumentAlgorithm_1.document_adopt)(node, parent._nodeDocument);
      const removedNodes = [];
      if (child._parent !== null) {
        removedNodes.push(child);
        mutation_remove(child, child._parent, true);
      }
      let nodes = [];
      if (node._nodeType === interfaces_1.NodeType.DocumentFragment) {
        nodes = Array.from(node._children);
      } else {
        nodes.push(node);
      }
      mutation_insert(node, parent, referenceChild, true);
      if (DOMImpl_1.dom.features.mutationObservers) {
        (0, MutationObserverAlgorithm_1.observer_queueTreeMutationRecord)(parent, nodes, removedNodes, previousSibling, referenceChild);
      }
      return child;
    }
    function mutation_replaceAll(node, parent) {
      if (node !== null) {
        (0, DocumentAlgorithm_1.document_adopt)(node, parent._nodeDocument);
      }
      const removedNodes = Array.from(parent._children);
      let addedNodes = [];
      if (node && node._nodeType === interfaces_1.NodeType.DocumentFragment) {
        addedNodes = Array.from(node._children);
      } else if (node !== null) {
        addedNodes.push(node);
      }
      for (const childNode of removedNodes) {
        mutation_remove(childNode, parent, true);
      }
      if (node !== null) {
        mutation_insert(node, parent, null, true);
      }
      if (DOMImpl_1.dom.features.mutationObservers) {
        (0, MutationObserverAlgorithm_1.observer_queueTreeMutationRecord)(parent, addedNodes, removedNodes, null, null);
      }
    }
    function mutation_preRemove(child, parent) {
      if (child._parent !== parent)
        throw new DOMException_1.NotFoundError(`The child node cannot be found under parent node. Child node is ${child.nodeName}, parent node is ${parent.nodeName}.`);
      mutation_remove(child, parent);
      return child;
    }
    function mutation_remove(node, parent, suppressObservers) {
      if (DOMImpl_1.dom.rangeList.size !== 0) {
        const index = (0, TreeAlgorithm_1.tree_index)(node);
        for (const range of DOMImpl_1.dom.rangeList) {
          if ((0, TreeAlgorithm_1.tree_isDescendantOf)(node, range._start[0], true)) {
            range._start = [parent, index];
          }
          if ((0, TreeAlgorithm_1.tree_isDescendantOf)(node, range._end[0], true)) {
            range._end = [parent, index];
          }
          if (range._start[0] === parent && range._start[1] > index) {
            range._start[1]--;
          }
          if (range._end[0] === parent && range._end[1] > index) {
            range._end[1]--;
          }
        }
        for (const range of DOMImpl_1.dom.rangeList) {
          if (range._start[0] === parent && range._start[1] > index) {
            range._start[1] -= 1;
          }
          if (range._end[0] === parent && range._end[1] > index) {
            range._end[1] -= 1;
          }
        }
      }
      if (DOMImpl_1.dom.features.steps) {
        for (const iterator of (0, NodeIteratorAlgorithm_1.nodeIterator_iteratorList)()) {
          if (iterator._root._nodeDocument === node._nodeDocument) {
            (0, DOMAlgorithm_1.dom_runNodeIteratorPreRemovingSteps)(iterator, node);
          }
        }
      }
      const oldPreviousSibling = node._previousSibling;
      const oldNextSibling = node._nextSibling;
      if (util_1.Guard.isDocumentNode(parent) && util_1.Guard.isElementNode(node)) {
        parent._documentElement = null;
      }
      node._parent = null;
      parent._children.delete(node);
      const prev = node._previousSibling;
      const next = node._nextSibling;
      node._previousSibling = null;
      node._nextSibling = null;
      if (prev)
        prev._nextSibling = next;
      if (next)
        next._previousSibling = prev;
      if (!prev)
        parent._firstChild = next;
      if (!next)
        parent._lastChild = prev;
      if (DOMImpl_1.dom.features.slots) {
        if (util_1.Guard.isSlotable(node) && node._assignedSlot !== null && (0, ShadowTreeAlgorithm_1.shadowTree_isAssigned)(node)) {
          (0, ShadowTreeAlgorithm_1.shadowTree_assignSlotables)(node._assignedSlot);
        }
      }
      if (DOMImpl_1.dom.features.slots) {
        if (util_1.Guard.isShadowRoot((0, TreeAlgorithm_1.tree_rootNode)(parent)) && util_1.Guard.isSlot(parent) && (0, util_2.isEmpty)(parent._assignedNodes)) {
          (0, ShadowTreeAlgorithm_1.shadowTree_signalASlotChange)(parent);
        }
      }
      if (DOMImpl_1.dom.features.slots) {
        const descendant2 = (0, TreeAlgorithm_1.tree_getFirstDescendantNode)(node, true, false, (e) => util_1.Guard.isSlot(e));
        if (descendant2 !== null) {
          (0, ShadowTreeAlgorithm_1.shadowTree_assignSlotablesForATree)((0, TreeAlgorithm_1.tree_rootNode)(parent));
          (0, ShadowTreeAlgorithm_1.shadowTree_assignSlotablesForATree)(node);
        }
      }
      if (DOMImpl_1.dom.features.steps) {
        (0, DOMAlgorithm_1.dom_runRemovingSteps)(node, parent);
      }
      if (DOMImpl_1.dom.features.customElements) {
        if (util_1.Guard.isCustomElementNode(node)) {
          (0, CustomElementAlgorithm_1.customElement_enqueueACustomElementCallbackReaction)(node, "disconnectedCallback", []);
        }
      }
      let descendant = (0, TreeAlgorithm_1.tree_getFirstDescendantNode)(node, false, true);
      while (descendant !== null) {
        if (DOMImpl_1.dom.features.steps) {
          (0, DOMAlgorithm_1.dom_runRemovingSteps)(descendant, node);
        }
        if (DOMImpl_1.dom.features.customElements) {
          if (util_1.Guard.isCustomElementNode(descendant)) {
            (0, CustomElementAlgorithm_1.customElement_enqueueACustomElementCallbackReaction)(descendant, "disconnectedCallback", []);
          }
        }
        descendant = (0, TreeAlgorithm_1.tree_getNextDescendantNode)(node, descendant, false, true);
      }
      if (DOMImpl_1.dom.features.mutationObservers) {
        let inclusiveAncestor = (0, TreeAlgorithm_1.tree_getFirstAncestorNode)(parent, true);
        while (inclusiveAncestor !== null) {
          for (const registered of inclusiveAncestor._registeredObserverList) {
            if (registered.options.subtree) {
              node._registeredObserverList.push({
                observer: registered.observer,
                options: registered.options,
                source: registered
              });
            }
          }
          inclusiveAncestor = (0, TreeAlgorithm_1.tree_getNextAncestorNode)(parent, inclusiveAncestor, true);
        }
      }
      if (DOMImpl_1.dom.features.mutationObservers) {
        if (!suppressObservers) {
          (0, MutationObserverAlgorithm_1.observer_queueTreeMutationRecord)(parent, [], [node], oldPreviousSibling, oldNextSibling);
        }
      }
      if (DOMImpl_1.dom.features.steps) {
        if (util_1.Guard.isTextNode(node)) {
          (0, DOMAlgorithm_1.dom_runChildTextContentChangeSteps)(parent);
        }
      }
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/ElementAlgorithm.js
var require_ElementAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/ElementAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.element_has = element_has;
    exports2.element_change = element_change;
    exports2.element_append = element_append;
    exports2.element_remove = element_remove;
    exports2.element_replace = element_replace;
    exports2.element_getAnAttributeByName = element_getAnAttributeByName;
    exports2.element_getAnAttributeByNamespaceAndLocalName = element_getAnAttributeByNamespaceAndLocalName;
    exports2.element_getAnAttributeValue = element_getAnAttributeValue;
    exports2.element_setAnAttribute = element_setAnAttribute;
    exports2.element_setAnAttributeValue = element_setAnAttributeValue;
    exports2.element_removeAnAttributeByName = element_removeAnAttributeByName;
    exports2.element_removeAnAttributeByNamespaceAndLocalName = element_removeAnAttributeByNamespaceAndLocalName;
    exports2.element_createAnElement = element_createAnElement;
    exports2.element_insertAdjacent = element_insertAdjacent;
    var DOMImpl_1 = require_DOMImpl();
    var infra_1 = require_lib2();
    var util_1 = require_util();
    var DOMException_1 = require_DOMException();
    var CreateAlgorithm_1 = require_CreateAlgorithm();
    var CustomElementAlgorithm_1 = require_CustomElementAlgorithm();
    var MutationObserverAlgorithm_1 = require_MutationObserverAlgorithm();
    var DOMAlgorithm_1 = require_DOMAlgorithm();
    var MutationAlgorithm_1 = require_MutationAlgorithm();
    var DocumentAlgorithm_1 = require_DocumentAlgorithm();
    function element_has(attribute, element) {
      return element._attributeList._asArray().indexOf(attribute) !== -1;
    }
    function element_change(attribute, element, value) {
      if (DOMImpl_1.dom.features.mutationObservers) {
        (0, MutationObserverAlgorithm_1.observer_queueAttributeMutationRecord)(element, attribute._localName, attribute._namespace, attribute._value);
      }
      if (DOMImpl_1.dom.features.customElements) {
        if (util_1.Guard.isCustomElementNode(element)) {
          (0, CustomElementAlgorithm_1.customElement_enqueueACustomElementCallbackReaction)(element, "attributeChangedCallback", [attribute._localName, attribute._value, value, attribute._namespace]);
        }
      }
      if (DOMImpl_1.dom.features.steps) {
        (0, DOMAlgorithm_1.dom_runAttributeChangeSteps)(element, attribute._localName, attribute._value, value, attribute._namespace);
      }
      attribute._value = value;
    }
    function element_append(attribute, element) {
      if (DOMImpl_1.dom.features.mutationObservers) {
        (0, MutationObserverAlgorithm_1.observer_queueAttributeMutationRecord)(element, attribute._localName, attribute._namespace, null);
      }
      if (DOMImpl_1.dom.features.customElements) {
        if (util_1.Guard.isCustomElementNode(element)) {
          (0, CustomElementAlgorithm_1.customElement_enqueueACustomElementCallbackReaction)(element, "attributeChangedCallback", [attribute._localName, null, attribute._value, attribute._namespace]);
        }
      }
      if (DOMImpl_1.dom.features.steps) {
        (0, DOMAlgorithm_1.dom_runAttributeChangeSteps)(element, attribute._localName, null, attribute._value, attribute._namespace);
      }
      element._attributeList._asArray().push(attribute);
      attribute._element = element;
      if (!element._nodeDocument._hasNamespaces && (attribute._namespace !== null || attribute._namespacePrefix !== null || attribute._localName === "xmlns")) {
        element._nodeDocument._hasNamespaces = true;
      }
    }
    function element_remove(attribute, element) {
      if (DOMImpl_1.dom.features.mutationObservers) {
        (0, MutationObserverAlgorithm_1.observer_queueAttributeMutationRecord)(element, attribute._localName, attribute._namespace, attribute._value);
      }
      if (DOMImpl_1.dom.features.customElements) {
        if (util_1.Guard.isCustomElementNode(element)) {
          (0, CustomElementAlgorithm_1.customElement_enqueueACustomElementCallbackReaction)(element, "attributeChangedCallback", [attribute._localName, attribute._value, null, attribute._namespace]);
        }
      }
      if (DOMImpl_1.dom.features.steps) {
        (0, DOMAlgorithm_1.dom_runAttributeChangeSteps)(element, attribute._localName, attribute._value, null, attribute._namespace);
      }
      const index = element._attributeList._asArray().indexOf(attribute);
      element._attributeList._asArray().splice(index, 1);
      attribute._element = null;
    }
    function element_replace(oldAttr, newAttr, element) {
      if (DOMImpl_1.dom.features.mutationObservers) {
        (0, MutationObserverAlgorithm_1.observer_queueAttributeMutationRecord)(element, oldAttr._localName, oldAttr._namespace, oldAttr._value);
      }
      if (DOMImpl_1.dom.features.customElements) {
        if (util_1.Guard.isCustomElementNode(element)) {
          (0, CustomElementAlgorithm_1.customElement_enqueueACustomElementCallbackReaction)(element, "attributeChangedCallback", [oldAttr._localName, oldAttr._value, newAttr._value, oldAttr._namespace]);
        }
      }
      if (DOMImpl_1.dom.features.steps) {
        (0, DOMAlgorithm_1.dom_runAttributeChangeSteps)(element, oldAttr._localName, oldAttr._value, newAttr._value, oldAttr._namespace);
      }
      const index = element._attributeList._asArray().indexOf(oldAttr);
      if (index !== -1) {
        element._attributeList._asArray()[index] = newAttr;
      }
      oldAttr._element = null;
      newAttr._element = element;
      if (!element._nodeDocument._hasNamespaces && (newAttr._namespace !== null || newAttr._namespacePrefix !== null || newAttr._localName === "xmlns")) {
        element._nodeDocument._hasNamespaces = true;
      }
    }
    function element_getAnAttributeByName(qualifiedName, element) {
      if (element._namespace === infra_1.namespace.HTML && element._nodeDocument._type === "html") {
        qualifiedName = qualifiedName.toLowerCase();
      }
      return element._attributeList._asArray().find((attr) => attr._qualifiedName === qualifiedName) || null;
    }
    function element_getAnAttributeByNamespaceAndLocalName(namespace, localName, element) {
      const ns = namespace || null;
      return element._attributeList._asArray().find((attr) => attr._namespace === ns && attr._localName === localName) || null;
    }
    function element_getAnAttributeValue(element, localName, namespace = "") {
      const attr = element_getAnAttributeByNamespaceAndLocalName(namespace, localName, element);
      if (attr === null)
        return "";
      else
        return attr._value;
    }
    function element_setAnAttribute(attr, element) {
      if (attr._element !== null && attr._element !== element)
        throw new DOMException_1.InUseAttributeError(`This attribute already exists in the document: ${attr._qualifiedName} as a child of ${attr._element._qualifiedName}.`);
      const oldAttr = element_getAnAttributeByNamespaceAndLocalName(attr._namespace || "", attr._localName, element);
      if (oldAttr === attr)
        return attr;
      if (oldAttr !== null) {
        element_replace(oldAttr, attr, element);
      } else {
        element_append(attr, element);
      }
      return oldAttr;
    }
    function element_setAnAttributeValue(element, localName, value, prefix = null, namespace = null) {
      const attribute = element_getAnAttributeByNamespaceAndLocalName(namespace || "", localName, element);
      if (attribute === null) {
        const newAttr = (0, CreateAlgorithm_1.create_attr)(element._nodeDocument, localName);
        newAttr._namespace = namespace;
        newAttr._namespacePrefix = prefix;
        newAttr._value = value;
        element_append(newAttr, element);
        return;
      }
      element_change(attribute, element, value);
    }
    function element_removeAnAttributeByName(qualifiedName, element) {
      const attr = element_getAnAttributeByName(qualifiedName, element);
      if (attr !== null) {
        element_remove(attr, element);
      }
      return attr;
    }
    function element_removeAnAttributeByNamespaceAndLocalName(namespace, localName, element) {
      const attr = element_getAnAttributeByNamespaceAndLocalName(namespace, localName, element);
      if (attr !== null) {
        element_remove(attr, element);
      }
      return attr;
    }
    function element_createAnElement(document, localName, namespace, prefix = null, is = null, synchronousCustomElementsFlag = false) {
      let result = null;
      if (!DOMImpl_1.dom.features.customElements) {
        result = (0, CreateAlgorithm_1.create_element)(document, localName, namespace, prefix);
        result._customElementState = "uncustomized";
        result._customElementDefinition = null;
        result._is = is;
        return result;
      }
      const definition = (0, CustomElementAlgorithm_1.customElement_lookUpACustomElementDefinition)(document, namespace, localName, is);
      if (definition !== null && definition.name !== definition.localName) {
        const elemenInterface = (0, DocumentAlgorithm_1.document_elementInterface)(localName, infra_1.namespace.HTML);
        result = new elemenInterface();
        result._localName = localName;
        result._namespace = infra_1.namespace.HTML;
        result._namespacePrefix = prefix;
        result._customElementState = "undefined";
        result._customElementDefinition = null;
        result._is = is;
        result._nodeDocument = document;
        if (synchronousCustomElementsFlag) {
          (0, CustomElementAlgorithm_1.customElement_upgrade)(definition, result);
        } else {
          (0, CustomElementAlgorithm_1.customElement_enqueueACustomElementUpgradeReaction)(result, definition);
        }
      } else if (definition !== null) {
        if (synchronousCustomElementsFlag) {
          try {
            const C = definition.constructor;
            const result2 = new C();
            console.assert(result2._customElementState !== void 0);
            console.assert(result2._customElementDefinition !== void 0);
            console.assert(result2._namespace === infra_1.namespace.HTML);
            if (result2._attributeList.length !== 0)
              throw new DOMException_1.NotSupportedError("Custom element already has attributes.");
            if (result2._children.size !== 0)
              throw new DOMException_1.NotSupportedError("Custom element already has child nodes.");
            if (result2._parent !== null)
              throw new DOMException_1.NotSupportedError("Custom element already has a parent node.");
            if (result2._nodeDocument !== document)
              throw new DOMException_1.NotSupportedError("Custom element is already in a document.");
            if (result2._localName !== localName)
              throw new DOMException_1.NotSupportedError("Custom element has a different local name.");
            result2._namespacePrefix = prefix;
            result2._is = null;
          } catch (e) {
            result = (0, CreateAlgorithm_1.create_htmlUnknownElement)(document, localName, infra_1.namespace.HTML, prefix);
            result._customElementState = "failed";
            result._customElementDefinition = null;
            result._is = null;
          }
        } else {
          result = (0, CreateAlgorithm_1.create_htmlElement)(document, localName, infra_1.namespace.HTML, prefix);
          result._customElementState = "undefined";
          result._customElementDefinition = null;
          result._is = null;
          (0, CustomElementAlgorithm_1.customElement_enqueueACustomElementUpgradeReaction)(result, definition);
        }
      } else {
        const elementInterface = (0, DocumentAlgorithm_1.document_elementInterface)(localName, namespace);
        result = new elementInterface();
        result._localName = localName;
        result._namespace = namespace;
        result._namespacePrefix = prefix;
        result._customElementState = "uncustomized";
        result._customElementDefinition = null;
        result._is = is;
        result._nodeDocument = document;
        if (namespace === infra_1.namespace.HTML && (is !== null || (0, CustomElementAlgorithm_1.customElement_isValidCustomElementName)(localName))) {
          result._customElementState = "undefined";
        }
      }
      if (result === null) {
        throw new Error("Unable to create element.");
      }
      return result;
    }
    function element_insertAdjacent(element, where, node) {
      switch (where.toLowerCase()) {
        case "beforebegin":
          if (element._parent === null)
            return null;
          return (0, MutationAlgorithm_1.mutation_preInsert)(node, element._parent, element);
        case "afterbegin":
          return (0, MutationAlgorithm_1.mutation_preInsert)(node, element, element._firstChild);
        case "beforeend":
          return (0, MutationAlgorithm_1.mutation_preInsert)(node, element, null);
        case "afterend":
          if (element._parent === null)
            return null;
          return (0, MutationAlgorithm_1.mutation_preInsert)(node, element._parent, element._nextSibling);
        default:
          throw new DOMException_1.SyntaxError(`Invalid 'where' argument. "beforebegin", "afterbegin", "beforeend" or "afterend" expected`);
      }
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/AttrAlgorithm.js
var require_AttrAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/AttrAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.attr_setAnExistingAttributeValue = attr_setAnExistingAttributeValue;
    var ElementAlgorithm_1 = require_ElementAlgorithm();
    function attr_setAnExistingAttributeValue(attribute, value) {
      if (attribute._element === null) {
        attribute._value = value;
      } else {
        (0, ElementAlgorithm_1.element_change)(attribute, attribute._element, value);
      }
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/BoundaryPointAlgorithm.js
var require_BoundaryPointAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/BoundaryPointAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.boundaryPoint_position = boundaryPoint_position;
    var interfaces_1 = require_interfaces2();
    var TreeAlgorithm_1 = require_TreeAlgorithm();
    function boundaryPoint_position(bp, relativeTo) {
      const nodeA = bp[0];
      const offsetA = bp[1];
      const nodeB = relativeTo[0];
      const offsetB = relativeTo[1];
      console.assert((0, TreeAlgorithm_1.tree_rootNode)(nodeA) === (0, TreeAlgorithm_1.tree_rootNode)(nodeB), "Boundary points must share the same root node.");
      if (nodeA === nodeB) {
        if (offsetA === offsetB) {
          return interfaces_1.BoundaryPosition.Equal;
        } else if (offsetA < offsetB) {
          return interfaces_1.BoundaryPosition.Before;
        } else {
          return interfaces_1.BoundaryPosition.After;
        }
      }
      if ((0, TreeAlgorithm_1.tree_isFollowing)(nodeB, nodeA)) {
        const pos = boundaryPoint_position([nodeB, offsetB], [nodeA, offsetA]);
        if (pos === interfaces_1.BoundaryPosition.Before) {
          return interfaces_1.BoundaryPosition.After;
        } else if (pos === interfaces_1.BoundaryPosition.After) {
          return interfaces_1.BoundaryPosition.Before;
        }
      }
      if ((0, TreeAlgorithm_1.tree_isAncestorOf)(nodeB, nodeA)) {
        let child = nodeB;
        while (!(0, TreeAlgorithm_1.tree_isChildOf)(nodeA, child)) {
          if (child._parent !== null) {
            child = child._parent;
          }
        }
        if ((0, TreeAlgorithm_1.tree_index)(child) < offsetA) {
          return interfaces_1.BoundaryPosition.After;
        }
      }
      return interfaces_1.BoundaryPosition.Before;
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/CharacterDataAlgorithm.js
var require_CharacterDataAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/CharacterDataAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.characterData_replaceData = characterData_replaceData;
    exports2.characterData_substringData = characterData_substringData;
    var DOMImpl_1 = require_DOMImpl();
    var util_1 = require_util();
    var DOMException_1 = require_DOMException();
    var TreeAlgorithm_1 = require_TreeAlgorithm();
    var MutationObserverAlgorithm_1 = require_MutationObserverAlgorithm();
    var DOMAlgorithm_1 = require_DOMAlgorithm();
    function characterData_replaceData(node, offset, count, data) {
      const length = (0, TreeAlgorithm_1.tree_nodeLength)(node);
      if (offset > length) {
        throw new DOMException_1.IndexSizeError(`Offset exceeds character data length. Offset: ${offset}, Length: ${length}, Node is ${node.nodeName}.`);
      }
      if (offset + count > length) {
        count = length - offset;
      }
      if (DOMImpl_1.dom.features.mutationObservers) {
        (0, MutationObserverAlgorithm_1.observer_queueMutationRecord)("characterData", node, null, null, node._data, [], [], null, null);
      }
      const newData = node._data.substring(0, offset) + data + node._data.substring(offset + count);
      node._data = newData;
      for (const range of DOMImpl_1.dom.rangeList) {
        if (range._start[0] === node && range._start[1] > offset && range._start[1] <= offset + count) {
          range._start[1] = offset;
        }
        if (range._end[0] === node && range._end[1] > offset && range._end[1] <= offset + count) {
          range._end[1] = offset;
        }
        if (range._start[0] === node && range._start[1] > offset + count) {
          range._start[1] += data.length - count;
        }
        if (range._end[0] === node && range._end[1] > offset + count) {
          range._end[1] += data.length - count;
        }
      }
      if (DOMImpl_1.dom.features.steps) {
        if (util_1.Guard.isTextNode(node) && node._parent !== null) {
          (0, DOMAlgorithm_1.dom_runChildTextContentChangeSteps)(node._parent);
        }
      }
    }
    function characterData_substringData(node, offset, count) {
      const length = (0, TreeAlgorithm_1.tree_nodeLength)(node);
      if (offset > length) {
        throw new DOMException_1.IndexSizeError(`Offset exceeds character data length. Offset: ${offset}, Length: ${length}, Node is ${node.nodeName}.`);
      }
      if (offset + count > length) {
        return node._data.substr(offset);
      } else {
        return node._data.substr(offset, count);
      }
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/OrderedSetAlgorithm.js
var require_OrderedSetAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/OrderedSetAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.orderedSet_parse = orderedSet_parse;
    exports2.orderedSet_serialize = orderedSet_serialize;
    exports2.orderedSet_sanitize = orderedSet_sanitize;
    exports2.orderedSet_contains = orderedSet_contains;
    var infra_1 = require_lib2();
    function orderedSet_parse(value) {
      const inputTokens = infra_1.string.splitAStringOnASCIIWhitespace(value);
      return new Set(inputTokens);
    }
    function orderedSet_serialize(tokens) {
      return [...tokens].join(" ");
    }
    function orderedSet_sanitize(value) {
      return orderedSet_serialize(orderedSet_parse(value));
    }
    function orderedSet_contains(set1, set2, caseSensitive) {
      for (const val2 of set2) {
        let found = false;
        for (const val1 of set1) {
          if (caseSensitive) {
            if (val1 === val2) {
              found = true;
              break;
            }
          } else {
            if (val1.toUpperCase() === val2.toUpperCase()) {
              found = true;
              break;
            }
          }
        }
        if (!found)
          return false;
      }
      return true;
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/DOMTokenListAlgorithm.js
var require_DOMTokenListAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/DOMTokenListAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.tokenList_validationSteps = tokenList_validationSteps;
    exports2.tokenList_updateSteps = tokenList_updateSteps;
    exports2.tokenList_serializeSteps = tokenList_serializeSteps;
    var OrderedSetAlgorithm_1 = require_OrderedSetAlgorithm();
    var DOMAlgorithm_1 = require_DOMAlgorithm();
    var ElementAlgorithm_1 = require_ElementAlgorithm();
    function tokenList_validationSteps(tokenList, token) {
      if (!(0, DOMAlgorithm_1.dom_hasSupportedTokens)(tokenList._attribute._localName)) {
        throw new TypeError(`There are no supported tokens defined for attribute name: '${tokenList._attribute._localName}'.`);
      }
      return (0, DOMAlgorithm_1.dom_getSupportedTokens)(tokenList._attribute._localName).has(token.toLowerCase());
    }
    function tokenList_updateSteps(tokenList) {
      if (!tokenList._element.hasAttribute(tokenList._attribute._localName) && tokenList._tokenSet.size === 0) {
        return;
      }
      (0, ElementAlgorithm_1.element_setAnAttributeValue)(tokenList._element, tokenList._attribute._localName, (0, OrderedSetAlgorithm_1.orderedSet_serialize)(tokenList._tokenSet));
    }
    function tokenList_serializeSteps(tokenList) {
      return (0, ElementAlgorithm_1.element_getAnAttributeValue)(tokenList._element, tokenList._attribute._localName);
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/EventTargetAlgorithm.js
var require_EventTargetAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/EventTargetAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.eventTarget_flatten = eventTarget_flatten;
    exports2.eventTarget_flattenMore = eventTarget_flattenMore;
    exports2.eventTarget_addEventListener = eventTarget_addEventListener;
    exports2.eventTarget_removeEventListener = eventTarget_removeEventListener;
    exports2.eventTarget_removeAllEventListeners = eventTarget_removeAllEventListeners;
    var util_1 = require_lib();
    function eventTarget_flatten(options2) {
      if ((0, util_1.isBoolean)(options2)) {
        return options2;
      } else {
        return options2.capture || false;
      }
    }
    function eventTarget_flattenMore(options2) {
      const capture = eventTarget_flatten(options2);
      let once = false;
      let passive = false;
      if (!(0, util_1.isBoolean)(options2)) {
        once = options2.once || false;
        passive = options2.passive || false;
      }
      return [capture, passive, once];
    }
    function eventTarget_addEventListener(eventTarget, listener) {
      if (listener.callback === null)
        return;
      for (let i = 0; i < eventTarget._eventListenerList.length; i++) {
        const entry = eventTarget._eventListenerList[i];
        if (entry.type === listener.type && entry.callback.handleEvent === listener.callback.handleEvent && entry.capture === listener.capture) {
          return;
        }
      }
      eventTarget._eventListenerList.push(listener);
    }
    function eventTarget_removeEventListener(eventTarget, listener, index) {
      listener.removed = true;
      eventTarget._eventListenerList.splice(index, 1);
    }
    function eventTarget_removeAllEventListeners(eventTarget) {
      for (const e of eventTarget._eventListenerList) {
        e.removed = true;
      }
      eventTarget._eventListenerList.length = 0;
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/NodeAlgorithm.js
var require_NodeAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/NodeAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.node_stringReplaceAll = node_stringReplaceAll;
    exports2.node_clone = node_clone;
    exports2.node_equals = node_equals;
    exports2.node_listOfElementsWithQualifiedName = node_listOfElementsWithQualifiedName;
    exports2.node_listOfElementsWithNamespace = node_listOfElementsWithNamespace;
    exports2.node_listOfElementsWithClassNames = node_listOfElementsWithClassNames;
    exports2.node_locateANamespacePrefix = node_locateANamespacePrefix;
    exports2.node_locateANamespace = node_locateANamespace;
    var DOMImpl_1 = require_DOMImpl();
    var util_1 = require_util();
    var infra_1 = require_lib2();
    var CreateAlgorithm_1 = require_CreateAlgorithm();
    var OrderedSetAlgorithm_1 = require_OrderedSetAlgorithm();
    var DOMAlgorithm_1 = require_DOMAlgorithm();
    var MutationAlgorithm_1 = require_MutationAlgorithm();
    var ElementAlgorithm_1 = require_ElementAlgorithm();
    function node_stringReplaceAll(str, parent) {
      let node = null;
      if (str !== "") {
        node = (0, CreateAlgorithm_1.create_text)(parent._nodeDocument, str);
      }
      (0, MutationAlgorithm_1.mutation_replaceAll)(node, parent);
    }
    function node_clone(node, document = null, cloneChildrenFlag = false) {
      if (document === null)
        document = node._nodeDocument;
      let copy;
      if (util_1.Guard.isElementNode(node)) {
        copy = (0, ElementAlgorithm_1.element_createAnElement)(document, node._localName, node._namespace, node._namespacePrefix, node._is, false);
        for (const attribute of node._attributeList) {
          const copyAttribute = node_clone(attribute, document);
          (0, ElementAlgorithm_1.element_append)(copyAttribute, copy);
        }
      } else {
        if (util_1.Guard.isDocumentNode(node)) {
          const doc = (0, CreateAlgorithm_1.create_document)();
          doc._encoding = node._encoding;
          doc._contentType = node._contentType;
          doc._URL = node._URL;
          doc._origin = node._origin;
          doc._type = node._type;
          doc._mode = node._mode;
          copy = doc;
        } else if (util_1.Guard.isDocumentTypeNode(node)) {
          const doctype = (0, CreateAlgorithm_1.create_documentType)(document, node._name, node._publicId, node._systemId);
          copy = doctype;
        } else if (util_1.Guard.isAttrNode(node)) {
          const attr = (0, CreateAlgorithm_1.create_attr)(document, node.localName);
          attr._namespace = node._namespace;
          attr._namespacePrefix = node._namespacePrefix;
          attr._value = node._value;
          copy = attr;
        } else if (util_1.Guard.isExclusiveTextNode(node)) {
          copy = (0, CreateAlgorithm_1.create_text)(document, node._data);
        } else if (util_1.Guard.isCDATASectionNode(node)) {
          copy = (0, CreateAlgorithm_1.create_cdataSection)(document, node._data);
        } else if (util_1.Guard.isCommentNode(node)) {
          copy = (0, CreateAlgorithm_1.create_comment)(document, node._data);
        } else if (util_1.Guard.isProcessingInstructionNode(node)) {
          copy = (0, CreateAlgorithm_1.create_processingInstruction)(document, node._target, node._data);
        } else if (util_1.Guard.isDocumentFragmentNode(node)) {
          copy = (0, CreateAlgorithm_1.create_documentFragment)(document);
        } else {
          copy = Object.create(node);
        }
      }
      if (util_1.Guard.isDocumentNode(copy)) {
        copy._nodeDocument = copy;
        document = copy;
      } else {
        copy._nodeDocument = document;
      }
      if (DOMImpl_1.dom.features.steps) {
        (0, DOMAlgorithm_1.dom_runCloningSteps)(copy, node, document, cloneChildrenFlag);
      }
      if (cloneChildrenFlag) {
        for (const child of node._children) {
          const childCopy = node_clone(child, document, true);
          (0, MutationAlgorithm_1.mutation_append)(childCopy, copy);
        }
      }
      return copy;
    }
    function node_equals(a, b) {
      if (a._nodeType !== b._nodeType)
        return false;
      if (util_1.Guard.isDocumentTypeNode(a) && util_1.Guard.isDocumentTypeNode(b)) {
        if (a._name !== b._name || a._publicId !== b._publicId || a._systemId !== b._systemId)
          return false;
      } else if (util_1.Guard.isElementNode(a) && util_1.Guard.isElementNode(b)) {
        if (a._namespace !== b._namespace || a._namespacePrefix !== b._namespacePrefix || a._localName !== b._localName || a._attributeList.length !== b._attributeList.length)
          return false;
      } else if (util_1.Guard.isAttrNode(a) && util_1.Guard.isAttrNode(b)) {
        if (a._namespace !== b._namespace || a._localName !== b._localName || a._value !== b._value)
          return false;
      } else if (util_1.Guard.isProcessingInstructionNode(a) && util_1.Guard.isProcessingInstructionNode(b)) {
        if (a._target !== b._target || a._data !== b._data)
          return false;
      } else if (util_1.Guard.isCharacterDataNode(a) && util_1.Guard.isCharacterDataNode(b)) {
        if (a._data !== b._data)
          return false;
      }
      if (util_1.Guard.isElementNode(a) && util_1.Guard.isElementNode(b)) {
        const attrMap = {};
        for (const attrA of a._attributeList) {
          attrMap[attrA._localName] = attrA;
        }
        for (const attrB of b._attributeList) {
          const attrA = attrMap[attrB._localName];
          if (!attrA)
            return false;
          if (!node_equals(attrA, attrB))
            return false;
        }
      }
      if (a._children.size !== b._children.size)
        return false;
      const itA = a._children[Symbol.iterator]();
      const itB = b._children[Symbol.iterator]();
      let resultA = itA.next();
      let resultB = itB.next();
      while (!resultA.done && !resultB.done) {
        const child1 = resultA.value;
        const child2 = resultB.value;
        if (!node_equals(child1, child2))
          return false;
        resultA = itA.next();
        resultB = itB.next();
      }
      return true;
    }
    function node_listOfElementsWithQualifiedName(qualifiedName, root) {
      if (qualifiedName === "*") {
        return (0, CreateAlgorithm_1.create_htmlCollection)(root);
      } else if (root._nodeDocument._type === "html") {
        return (0, CreateAlgorithm_1.create_htmlCollection)(root, function(ele) {
          if (ele._namespace === infra_1.namespace.HTML && ele._qualifiedName === qualifiedName.toLowerCase()) {
            return true;
          } else if (ele._namespace !== infra_1.namespace.HTML && ele._qualifiedName === qualifiedName) {
            return true;
          } else {
            return false;
          }
        });
      } else {
        return (0, CreateAlgorithm_1.create_htmlCollection)(root, function(ele) {
          return ele._qualifiedName === qualifiedName;
        });
      }
    }
    function node_listOfElementsWithNamespace(namespace, localName, root) {
      if (namespace === "")
        namespace = null;
      if (namespace === "*" && localName === "*") {
        return (0, CreateAlgorithm_1.create_htmlCollection)(root);
      } else if (namespace === "*") {
        return (0, CreateAlgorithm_1.create_htmlCollection)(root, function(ele) {
          return ele._localName === localName;
        });
      } else if (localName === "*") {
        return (0, CreateAlgorithm_1.create_htmlCollection)(root, function(ele) {
          return ele._namespace === namespace;
        });
      } else {
        return (0, CreateAlgorithm_1.create_htmlCollection)(root, function(ele) {
          return ele._localName === localName && ele._namespace === namespace;
        });
      }
    }
    function node_listOfElementsWithClassNames(classNames, root) {
      const classes = (0, OrderedSetAlgorithm_1.orderedSet_parse)(classNames);
      if (classes.size === 0) {
        return (0, CreateAlgorithm_1.create_htmlCollection)(root, () => false);
      }
      const caseSensitive = root._nodeDocument._mode !== "quirks";
      return (0, CreateAlgorithm_1.create_htmlCollection)(root, function(ele) {
        const eleClasses = ele.classList;
        return (0, OrderedSetAlgorithm_1.orderedSet_contains)(eleClasses._tokenSet, classes, caseSensitive);
      });
    }
    function node_locateANamespacePrefix(element, namespace) {
      if (element._namespace === namespace && element._namespacePrefix !== null) {
        return element._namespacePrefix;
      }
      for (let i = 0; i < element._attributeList.length; i++) {
        const attr = element._attributeList[i];
        if (attr._namespacePrefix === "xmlns" && attr._value === namespace) {
          return attr._localName;
        }
      }
      if (element._parent && util_1.Guard.isElementNode(element._parent)) {
        return node_locateANamespacePrefix(element._parent, namespace);
      }
      return null;
    }
    function node_locateANamespace(node, prefix) {
      if (util_1.Guard.isElementNode(node)) {
        if (node._namespace !== null && node._namespacePrefix === prefix) {
          return node._namespace;
        }
        for (let i = 0; i < node._attributeList.length; i++) {
          const attr = node._attributeList[i];
          if (attr._namespace === infra_1.namespace.XMLNS && attr._namespacePrefix === "xmlns" && attr._localName === prefix) {
            return attr._value || null;
          }
          if (prefix === null && attr._namespace === infra_1.namespace.XMLNS && attr._namespacePrefix === null && attr._localName === "xmlns") {
            return attr._value || null;
          }
        }
        if (node.parentElement === null)
          return null;
        return node_locateANamespace(node.parentElement, prefix);
      } else if (util_1.Guard.isDocumentNode(node)) {
        if (node.documentElement === null)
          return null;
        return node_locateANamespace(node.documentElement, prefix);
      } else if (util_1.Guard.isDocumentTypeNode(node) || util_1.Guard.isDocumentFragmentNode(node)) {
        return null;
      } else if (util_1.Guard.isAttrNode(node)) {
        if (node._element === null)
          return null;
        return node_locateANamespace(node._element, prefix);
      } else {
        if (!node._parent || !util_1.Guard.isElementNode(node._parent))
          return null;
        return node_locateANamespace(node._parent, prefix);
      }
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/ParentNodeAlgorithm.js
var require_ParentNodeAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/ParentNodeAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.parentNode_convertNodesIntoANode = parentNode_convertNodesIntoANode;
    var util_1 = require_lib();
    var CreateAlgorithm_1 = require_CreateAlgorithm();
    function parentNode_convertNodesIntoANode(nodes, document) {
      let node = null;
      for (let i = 0; i < nodes.length; i++) {
        const item = nodes[i];
        if ((0, util_1.isString)(item)) {
          const text = (0, CreateAlgorithm_1.create_text)(document, item);
          nodes[i] = text;
        }
      }
      if (nodes.length === 1) {
        node = nodes[0];
      } else {
        node = (0, CreateAlgorithm_1.create_documentFragment)(document);
        const ns = node;
        for (const item of nodes) {
          ns.appendChild(item);
        }
      }
      return node;
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/TextAlgorithm.js
var require_TextAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/TextAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.text_contiguousTextNodes = text_contiguousTextNodes;
    exports2.text_contiguousExclusiveTextNodes = text_contiguousExclusiveTextNodes;
    exports2.text_descendantTextContent = text_descendantTextContent;
    exports2.text_split = text_split;
    var DOMImpl_1 = require_DOMImpl();
    var util_1 = require_util();
    var DOMException_1 = require_DOMException();
    var CreateAlgorithm_1 = require_CreateAlgorithm();
    var TreeAlgorithm_1 = require_TreeAlgorithm();
    var CharacterDataAlgorithm_1 = require_CharacterDataAlgorithm();
    var MutationAlgorithm_1 = require_MutationAlgorithm();
    function text_contiguousTextNodes(node, self = false) {
      return {
        [Symbol.iterator]() {
          let currentNode = node;
          while (currentNode && util_1.Guard.isTextNode(currentNode._previousSibling)) {
            currentNode = currentNode._previousSibling;
          }
          return {
            next() {
              if (currentNode && (!self && currentNode === node)) {
                if (util_1.Guard.isTextNode(currentNode._nextSibling)) {
                  currentNode = currentNode._nextSibling;
                } else {
                  currentNode = null;
                }
              }
              if (currentNode === null) {
                return { done: true, value: null };
              } else {
                const result = { done: false, value: currentNode };
                if (util_1.Guard.isTextNode(currentNode._nextSibling)) {
                  currentNode = currentNode._nextSibling;
                } else {
                  currentNode = null;
                }
                return result;
              }
            }
          };
        }
      };
    }
    function text_contiguousExclusiveTextNodes(node, self = false) {
      return {
        [Symbol.iterator]() {
          let currentNode = node;
          while (currentNode && util_1.Guard.isExclusiveTextNode(currentNode._previousSibling)) {
            currentNode = currentNode._previousSibling;
          }
          return {
            next() {
              if (currentNode && (!self && currentNode === node)) {
                if (util_1.Guard.isExclusiveTextNode(currentNode._nextSibling)) {
                  currentNode = currentNode._nextSibling;
                } else {
                  currentNode = null;
                }
              }
              if (currentNode === null) {
                return { done: true, value: null };
              } else {
                const result = { done: false, value: currentNode };
                if (util_1.Guard.isExclusiveTextNode(currentNode._nextSibling)) {
                  currentNode = currentNode._nextSibling;
                } else {
                  currentNode = null;
                }
                return result;
              }
            }
          };
        }
      };
    }
    function text_descendantTextContent(node) {
      let contents = "";
      let text = (0, TreeAlgorithm_1.tree_getFirstDescendantNode)(node, false, false, (e) => util_1.Guard.isTextNode(e));
      while (text !== null) {
        contents += text._data;
        text = (0, TreeAlgorithm_1.tree_getNextDescendantNode)(node, text, false, false, (e) => util_1.Guard.isTextNode(e));
      }
      return contents;
    }
    function text_split(node, offset) {
      const length = node._data.length;
      if (offset > length) {
        throw new DOMException_1.IndexSizeError();
      }
      const count = length - offset;
      const newData = (0, CharacterDataAlgorithm_1.characterData_substringData)(node, offset, count);
      const newNode = (0, CreateAlgorithm_1.create_text)(node._nodeDocument, newData);
      const parent = node._parent;
      if (parent !== null) {
        (0, MutationAlgorithm_1.mutation_insert)(newNode, parent, node._nextSibling);
        for (const range of DOMImpl_1.dom.rangeList) {
          if (range._start[0] === node && range._start[1] > offset) {
            range._start[0] = newNode;
            range._start[1] -= offset;
          }
          if (range._end[0] === node && range._end[1] > offset) {
            range._end[0] = newNode;
            range._end[1] -= offset;
          }
          const index = (0, TreeAlgorithm_1.tree_index)(node);
          if (range._start[0] === parent && range._start[1] === index + 1) {
            range._start[1]++;
          }
          if (range._end[0] === parent && range._end[1] === index + 1) {
            range._end[1]++;
          }
        }
      }
      (0, CharacterDataAlgorithm_1.characterData_replaceData)(node, offset, count, "");
      return newNode;
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/RangeAlgorithm.js
var require_RangeAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/RangeAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.range_collapsed = range_collapsed;
    exports2.range_root = range_root;
    exports2.range_isContained = range_isContained;
    exports2.range_isPartiallyContained = range_isPartiallyContained;
    exports2.range_setTheStart = range_setTheStart;
    exports2.range_setTheEnd = range_setTheEnd;
    exports2.range_select = range_select;
    exports2.range_extract = range_extract;
    exports2.range_cloneTheContents = range_cloneTheContents;
    exports2.range_insert = range_insert;
    exports2.range_getContainedNodes = range_getContainedNodes;
    exports2.range_getPartiallyContainedNodes = range_getPartiallyContainedNodes;
    var interfaces_1 = require_interfaces2();
    var DOMException_1 = require_DOMException();
    var util_1 = require_util();
    var CreateAlgorithm_1 = require_CreateAlgorithm();
    var TreeAlgorithm_1 = require_TreeAlgorithm();
    var BoundaryPointAlgorithm_1 = require_BoundaryPointAlgorithm();
    var CharacterDataAlgorithm_1 = require_CharacterDataAlgorithm();
    var NodeAlgorithm_1 = require_NodeAlgorithm();
    var MutationAlgorithm_1 = require_MutationAlgorithm();
    var TextAlgorithm_1 = require_TextAlgorithm();
    function range_collapsed(range) {
      return range._startNode === range._endNode && range._startOffset === range._endOffset;
    }
    function range_root(range) {
      return (0, TreeAlgorithm_1.tree_rootNode)(range._startNode);
    }
    function range_isContained(node, range) {
      return (0, TreeAlgorithm_1.tree_rootNode)(node) === range_root(range) && (0, BoundaryPointAlgorithm_1.boundaryPoint_position)([node, 0], range._start) === interfaces_1.BoundaryPosition.After && (0, BoundaryPointAlgorithm_1.boundaryPoint_position)([node, (0, TreeAlgorithm_1.tree_nodeLength)(node)], range._end) === interfaces_1.BoundaryPosition.Before;
    }
    function range_isPartiallyContained(node, range) {
      const startCheck = (0, TreeAlgorithm_1.tree_isAncestorOf)(range._startNode, node, true);
      const endCheck = (0, TreeAlgorithm_1.tree_isAncestorOf)(range._endNode, node, true);
      return startCheck && !endCheck || !startCheck && endCheck;
    }
    function range_setTheStart(range, node, offset) {
      if (util_1.Guard.isDocumentTypeNode(node)) {
        throw new DOMException_1.InvalidNodeTypeError();
      }
      if (offset > (0, TreeAlgorithm_1.tree_nodeLength)(node)) {
        throw new DOMException_1.IndexSizeError();
      }
      const bp = [node, offset];
      if (range_root(range) !== (0, TreeAlgorithm_1.tree_rootNode)(node) || (0, BoundaryPointAlgorithm_1.boundaryPoint_position)(bp, range._end) === interfaces_1.BoundaryPosition.After) {
        range._end = bp;
      }
      range._start = bp;
    }
    function range_setTheEnd(range, node, offset) {
      if (util_1.Guard.isDocumentTypeNode(node)) {
        throw new DOMException_1.InvalidNodeTypeError();
      }
      if (offset > (0, TreeAlgorithm_1.tree_nodeLength)(node)) {
        throw new DOMException_1.IndexSizeError();
      }
      const bp = [node, offset];
      if (range_root(range) !== (0, TreeAlgorithm_1.tree_rootNode)(node) || (0, BoundaryPointAlgorithm_1.boundaryPoint_position)(bp, range._start) === interfaces_1.BoundaryPosition.Before) {
        range._start = bp;
      }
      range._end = bp;
    }
    function range_select(node, range) {
      const parent = node._parent;
      if (parent === null)
        throw new DOMException_1.InvalidNodeTypeError();
      const index = (0, TreeAlgorithm_1.tree_index)(node);
      range._start = [parent, index];
      range._end = [parent, index + 1];
    }
    function range_extract(range) {
      const fragment = (0, CreateAlgorithm_1.create_documentFragment)(range._startNode._nodeDocument);
      if (range_collapsed(range))
        return fragment;
      const originalStartNode = range._startNode;
      const originalStartOffset = range._startOffset;
      const originalEndNode = range._endNode;
      const originalEndOffset = range._endOffset;
      if (originalStartNode === originalEndNode && util_1.Guard.isCharacterDataNode(originalStartNode)) {
        const clone = (0, NodeAlgorithm_1.node_clone)(originalStartNode);
        clone._data = (0, CharacterDataAlgorithm_1.characterData_substringData)(originalStartNode, originalStartOffset, originalEndOffset - originalStartOffset);
        (0, MutationAlgorithm_1.mutation_append)(clone, fragment);
        (0, CharacterDataAlgorithm_1.characterData_replaceData)(originalStartNode, originalStartOffset, originalEndOffset - originalStartOffset, "");
        return fragment;
      }
      let commonAncestor = originalStartNode;
      while (!(0, TreeAlgorithm_1.tree_isAncestorOf)(originalEndNode, commonAncestor, true)) {
        if (commonAncestor._parent === null) {
          throw new Error("Parent node  is null.");
        }
        commonAncestor = commonAncestor._parent;
      }
      let firstPartiallyContainedChild = null;
      if (!(0, TreeAlgorithm_1.tree_isAncestorOf)(originalEndNode, originalStartNode, true)) {
        for (const node of commonAncestor._children) {
          if (range_isPartiallyContained(node, range)) {
            firstPartiallyContainedChild = node;
            break;
          }
        }
      }
      let lastPartiallyContainedChild = null;
      if (!(0, TreeAlgorithm_1.tree_isAncestorOf)(originalStartNode, originalEndNode, true)) {
        const children = [...commonAncestor._children];
        for (let i = children.length - 1; i > 0; i--) {
          const node = children[i];
          if (range_isPartiallyContained(node, range)) {
            lastPartiallyContainedChild = node;
            break;
          }
        }
      }
      const containedChildren = [];
      for (const child of commonAncestor._children) {
        if (range_isContained(child, range)) {
          if (util_1.Guard.isDocumentTypeNode(child)) {
            throw new DOMException_1.HierarchyRequestError();
          }
          containedChildren.push(child);
        }
      }
      let newNode;
      let newOffset;
      if ((0, TreeAlgorithm_1.tree_isAncestorOf)(originalEndNode, originalStartNode, true)) {
        newNode = originalStartNode;
        newOffset = originalStartOffset;
      } else {
        let referenceNode = originalStartNode;
        while (referenceNode._parent !== null && !(0, TreeAlgorithm_1.tree_isAncestorOf)(originalEndNode, referenceNode._parent)) {
          referenceNode = referenceNode._parent;
        }
        if (referenceNode._parent === null) {
          throw new Error("Parent node is null.");
        }
        newNode = referenceNode._parent;
        newOffset = 1 + (0, TreeAlgorithm_1.tree_index)(referenceNode);
      }
      if (util_1.Guard.isCharacterDataNode(firstPartiallyContainedChild)) {
        const clone = (0, NodeAlgorithm_1.node_clone)(originalStartNode);
        clone._data = (0, CharacterDataAlgorithm_1.characterData_substringData)(originalStartNode, originalStartOffset, (0, TreeAlgorithm_1.tree_nodeLength)(originalStartNode) - originalStartOffset);
        (0, MutationAlgorithm_1.mutation_append)(clone, fragment);
        (0, CharacterDataAlgorithm_1.characterData_replaceData)(originalStartNode, originalStartOffset, (0, TreeAlgorithm_1.tree_nodeLength)(originalStartNode) - originalStartOffset, "");
      } else if (firstPartiallyContainedChild !== null) {
        const clone = (0, NodeAlgorithm_1.node_clone)(firstPartiallyContainedChild);
        (0, MutationAlgorithm_1.mutation_append)(clone, fragment);
        const subrange = (0, CreateAlgorithm_1.create_range)([originalStartNode, originalStartOffset], [firstPartiallyContainedChild, (0, TreeAlgorithm_1.tree_nodeLength)(firstPartiallyContainedChild)]);
        const subfragment = range_extract(subrange);
        (0, MutationAlgorithm_1.mutation_append)(subfragment, clone);
      }
      for (const child of containedChildren) {
        (0, MutationAlgorithm_1.mutation_append)(child, fragment);
      }
      if (util_1.Guard.isCharacterDataNode(lastPartiallyContainedChild)) {
        const clone = (0, NodeAlgorithm_1.node_clone)(originalEndNode);
        clone._data = (0, CharacterDataAlgorithm_1.characterData_substringData)(originalEndNode, 0, originalEndOffset);
        (0, MutationAlgorithm_1.mutation_append)(clone, fragment);
        (0, CharacterDataAlgorithm_1.characterData_replaceData)(originalEndNode, 0, originalEndOffset, "");
      } else if (lastPartiallyContainedChild !== null) {
        const clone = (0, NodeAlgorithm_1.node_clone)(lastPartiallyContainedChild);
        (0, MutationAlgorithm_1.mutation_append)(clone, fragment);
        const subrange = (0, CreateAlgorithm_1.create_range)([lastPartiallyContainedChild, 0], [originalEndNode, originalEndOffset]);
        const subfragment = range_extract(subrange);
        (0, MutationAlgorithm_1.mutation_append)(subfragment, clone);
      }
      range._start = [newNode, newOffset];
      range._end = [newNode, newOffset];
      return fragment;
    }
    function range_cloneTheContents(range) {
      const fragment = (0, CreateAlgorithm_1.create_documentFragment)(range._startNode._nodeDocument);
      if (range_collapsed(range))
        return fragment;
      const originalStartNode = range._startNode;
      const originalStartOffset = range._startOffset;
      const originalEndNode = range._endNode;
      const originalEndOffset = range._endOffset;
      if (originalStartNode === originalEndNode && util_1.Guard.isCharacterDataNode(originalStartNode)) {
        const clone = (0, NodeAlgorithm_1.node_clone)(originalStartNode);
        clone._data = (0, CharacterDataAlgorithm_1.characterData_substringData)(originalStartNode, originalStartOffset, originalEndOffset - originalStartOffset);
        (0, MutationAlgorithm_1.mutation_append)(clone, fragment);
      }
      let commonAncestor = originalStartNode;
      while (!(0, TreeAlgorithm_1.tree_isAncestorOf)(originalEndNode, commonAncestor, true)) {
        if (commonAncestor._parent === null) {
          throw new Error("Parent node  is null.");
        }
        commonAncestor = commonAncestor._parent;
      }
      let firstPartiallyContainedChild = null;
      if (!(0, TreeAlgorithm_1.tree_isAncestorOf)(originalEndNode, originalStartNode, true)) {
        for (const node of commonAncestor._children) {
          if (range_isPartiallyContained(node, range)) {
            firstPartiallyContainedChild = node;
            break;
          }
        }
      }
      let lastPartiallyContainedChild = null;
      if (!(0, TreeAlgorithm_1.tree_isAncestorOf)(originalStartNode, originalEndNode, true)) {
        const children = [...commonAncestor._children];
        for (let i = children.length - 1; i > 0; i--) {
          const node = children[i];
          if (range_isPartiallyContained(node, range)) {
            lastPartiallyContainedChild = node;
            break;
          }
        }
      }
      const containedChildren = [];
      for (const child of commonAncestor._children) {
        if (range_isContained(child, range)) {
          if (util_1.Guard.isDocumentTypeNode(child)) {
            throw new DOMException_1.HierarchyRequestError();
          }
          containedChildren.push(child);
        }
      }
      if (util_1.Guard.isCharacterDataNode(firstPartiallyContainedChild)) {
        const clone = (0, NodeAlgorithm_1.node_clone)(originalStartNode);
        clone._data = (0, CharacterDataAlgorithm_1.characterData_substringData)(originalStartNode, originalStartOffset, (0, TreeAlgorithm_1.tree_nodeLength)(originalStartNode) - originalStartOffset);
        (0, MutationAlgorithm_1.mutation_append)(clone, fragment);
      } else if (firstPartiallyContainedChild !== null) {
        const clone = (0, NodeAlgorithm_1.node_clone)(firstPartiallyContainedChild);
        (0, MutationAlgorithm_1.mutation_append)(clone, fragment);
        const subrange = (0, CreateAlgorithm_1.create_range)([originalStartNode, originalStartOffset], [firstPartiallyContainedChild, (0, TreeAlgorithm_1.tree_nodeLength)(firstPartiallyContainedChild)]);
        const subfragment = range_cloneTheContents(subrange);
        (0, MutationAlgorithm_1.mutation_append)(subfragment, clone);
      }
      for (const child of containedChildren) {
        const clone = (0, NodeAlgorithm_1.node_clone)(child);
        (0, MutationAlgorithm_1.mutation_append)(clone, fragment);
      }
      if (util_1.Guard.isCharacterDataNode(lastPartiallyContainedChild)) {
        const clone = (0, NodeAlgorithm_1.node_clone)(originalEndNode);
        clone._data = (0, CharacterDataAlgorithm_1.characterData_substringData)(originalEndNode, 0, originalEndOffset);
        (0, MutationAlgorithm_1.mutation_append)(clone, fragment);
      } else if (lastPartiallyContainedChild !== null) {
        const clone = (0, NodeAlgorithm_1.node_clone)(lastPartiallyContainedChild);
        fragment.append(clone);
        const subrange = (0, CreateAlgorithm_1.create_range)([lastPartiallyContainedChild, 0], [originalEndNode, originalEndOffset]);
        const subfragment = range_extract(subrange);
        (0, MutationAlgorithm_1.mutation_append)(subfragment, clone);
      }
      return fragment;
    }
    function range_insert(node, range) {
      if (util_1.Guard.isProcessingInstructionNode(range._startNode) || util_1.Guard.isCommentNode(range._startNode) || util_1.Guard.isTextNode(range._startNode) && range._startNode._parent === null || range._startNode === node) {
        throw new DOMException_1.HierarchyRequestError();
      }
      let referenceNode = null;
      if (util_1.Guard.isTextNode(range._startNode)) {
        referenceNode = range._startNode;
      } else {
        let index = 0;
        for (const child of range._startNode._children) {
          if (index === range._startOffset) {
            referenceNode = child;
            break;
          }
          index++;
        }
      }
      let parent;
      if (referenceNode === null) {
        parent = range._startNode;
      } else {
        if (referenceNode._parent === null) {
          throw new Error("Parent node is null.");
        }
        parent = referenceNode._parent;
      }
      (0, MutationAlgorithm_1.mutation_ensurePreInsertionValidity)(node, parent, referenceNode);
      if (util_1.Guard.isTextNode(range._startNode)) {
        referenceNode = (0, TextAlgorithm_1.text_split)(range._startNode, range._startOffset);
      }
      if (node === referenceNode) {
        referenceNode = node._nextSibling;
      }
      if (node._parent !== null) {
        (0, MutationAlgorithm_1.mutation_remove)(node, node._parent);
      }
      let newOffset = referenceNode === null ? (0, TreeAlgorithm_1.tree_nodeLength)(parent) : (0, TreeAlgorithm_1.tree_index)(referenceNode);
      if (util_1.Guard.isDocumentFragmentNode(node)) {
        newOffset += (0, TreeAlgorithm_1.tree_nodeLength)(node);
      } else {
        newOffset++;
      }
      (0, MutationAlgorithm_1.mutation_preInsert)(node, parent, referenceNode);
      if (range_collapsed(range)) {
        range._end = [parent, newOffset];
      }
    }
    function range_getContainedNodes(range) {
      return {
        [Symbol.iterator]: () => {
          const container = range.commonAncestorContainer;
          let currentNode = (0, TreeAlgorithm_1.tree_getFirstDescendantNode)(container);
          return {
            next: () => {
              while (currentNode && !range_isContained(currentNode, range)) {
                currentNode = (0, TreeAlgorithm_1.tree_getNextDescendantNode)(container, currentNode);
              }
              if (currentNode === null) {
                return { done: true, value: null };
              } else {
                const result = { done: false, value: currentNode };
                currentNode = (0, TreeAlgorithm_1.tree_getNextDescendantNode)(container, currentNode);
                return result;
              }
            }
          };
        }
      };
    }
    function range_getPartiallyContainedNodes(range) {
      return {
        [Symbol.iterator]: () => {
          const container = range.commonAncestorContainer;
          let currentNode = (0, TreeAlgorithm_1.tree_getFirstDescendantNode)(container);
          return {
            next: () => {
              while (currentNode && !range_isPartiallyContained(currentNode, range)) {
                currentNode = (0, TreeAlgorithm_1.tree_getNextDescendantNode)(container, currentNode);
              }
              if (currentNode === null) {
                return { done: true, value: null };
              } else {
                const result = { done: false, value: currentNode };
                currentNode = (0, TreeAlgorithm_1.tree_getNextDescendantNode)(container, currentNode);
                return result;
              }
            }
          };
        }
      };
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/SelectorsAlgorithm.js
var require_SelectorsAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/SelectorsAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.selectors_scopeMatchASelectorsString = selectors_scopeMatchASelectorsString;
    var DOMException_1 = require_DOMException();
    function selectors_scopeMatchASelectorsString(selectors, node) {
      throw new DOMException_1.NotSupportedError();
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/TreeWalkerAlgorithm.js
var require_TreeWalkerAlgorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/TreeWalkerAlgorithm.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.treeWalker_traverseChildren = treeWalker_traverseChildren;
    exports2.treeWalker_traverseSiblings = treeWalker_traverseSiblings;
    var interfaces_1 = require_interfaces2();
    var TraversalAlgorithm_1 = require_TraversalAlgorithm();
    function treeWalker_traverseChildren(walker, first) {
      let node = first ? walker._current._firstChild : walker._current._lastChild;
      while (node !== null) {
        const result = (0, TraversalAlgorithm_1.traversal_filter)(walker, node);
        if (result === interfaces_1.FilterResult.Accept) {
          walker._current = node;
          return node;
        } else if (result === interfaces_1.FilterResult.Skip) {
          const child = first ? node._firstChild : node._lastChild;
          if (child !== null) {
            node = child;
            continue;
          }
        }
        while (node !== null) {
          const sibling = first ? node._nextSibling : node._previousSibling;
          if (sibling !== null) {
            node = sibling;
            break;
          }
          const parent = node._parent;
          if (parent === null || parent === walker._root || parent === walker._current) {
            return null;
          }
          node = parent;
        }
      }
      return null;
    }
    function treeWalker_traverseSiblings(walker, next) {
      let node = walker._current;
      if (node === walker._root)
        return null;
      while (true) {
        let sibling = next ? node._nextSibling : node._previousSibling;
        while (sibling !== null) {
          node = sibling;
          const result = (0, TraversalAlgorithm_1.traversal_filter)(walker, node);
          if (result === interfaces_1.FilterResult.Accept) {
            walker._current = node;
            return node;
          }
          sibling = next ? node._firstChild : node._lastChild;
          if (result === interfaces_1.FilterResult.Reject || sibling === null) {
            sibling = next ? node._nextSibling : node._previousSibling;
          }
        }
        node = node._parent;
        if (node === null || node === walker._root) {
          return null;
        }
        if ((0, TraversalAlgorithm_1.traversal_filter)(walker, node) === interfaces_1.FilterResult.Accept) {
          return null;
        }
      }
    }
  }
});

// node_modules/@oozcitak/dom/lib/algorithm/index.js
var require_algorithm = __commonJS({
  "node_modules/@oozcitak/dom/lib/algorithm/index.js"(exports2) {
    "use strict";
    var __createBinding = exports2 && exports2.__createBinding || (Object.create ? (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      var desc = Object.getOwnPropertyDescriptor(m, k);
      if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
        desc = { enumerable: true, get: function() {
          return m[k];
        } };
      }
      Object.defineProperty(o, k2, desc);
    }) : (function(o, m, k, k2) {
      if (k2 === void 0) k2 = k;
      o[k2] = m[k];
    }));
    var __exportStar = exports2 && exports2.__exportStar || function(m, exports3) {
      for (var p in m) if (p !== "default" && !Object.prototype.hasOwnProperty.call(exports3, p)) __createBinding(exports3, m, p);
    };
    Object.defineProperty(exports2, "__esModule", { value: true });
    __exportStar(require_AbortAlgorithm(), exports2);
    __exportStar(require_AttrAlgorithm(), exports2);
    __exportStar(require_BoundaryPointAlgorithm(), exports2);
    __exportStar(require_CharacterDataAlgorithm(), exports2);
    __exportStar(require_CreateAlgorithm(), exports2);
    __exportStar(require_CustomElementAlgorithm(), exports2);
    __exportStar(require_DocumentAlgorithm(), exports2);
    __exportStar(require_DOMAlgorithm(), exports2);
    __exportStar(require_DOMTokenListAlgorithm(), exports2);
    __exportStar(require_ElementAlgorithm(), exports2);
    __exportStar(require_EventAlgorithm(), exports2);
    __exportStar(require_EventTargetAlgorithm(), exports2);
    __exportStar(require_MutationAlgorithm(), exports2);
    __exportStar(require_MutationObserverAlgorithm(), exports2);
    __exportStar(require_NamespaceAlgorithm(), exports2);
    __exportStar(require_NodeAlgorithm(), exports2);
    __exportStar(require_NodeIteratorAlgorithm(), exports2);
    __exportStar(require_OrderedSetAlgorithm(), exports2);
    __exportStar(require_ParentNodeAlgorithm(), exports2);
    __exportStar(require_RangeAlgorithm(), exports2);
    __exportStar(require_SelectorsAlgorithm(), exports2);
    __exportStar(require_ShadowTreeAlgorithm(), exports2);
    __exportStar(require_TextAlgorithm(), exports2);
    __exportStar(require_TraversalAlgorithm(), exports2);
    __exportStar(require_TreeAlgorithm(), exports2);
    __exportStar(require_TreeWalkerAlgorithm(), exports2);
    __exportStar(require_WebIDLAlgorithm(), exports2);
    __exportStar(require_XMLAlgorithm(), exports2);
  }
});

// node_modules/xmlbuilder2/lib/constants.js
var require_constants = __commonJS({
  "node_modules/xmlbuilder2/lib/constants.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.nonEntityAmpersandRegex = void 0;
    exports2.nonEntityAmpersandRegex = /&(?![A-Za-z]+;|#\d+;)/g;
  }
});

// node_modules/xmlbuilder2/lib/writers/BaseWriter.js
var require_BaseWriter = __commonJS({
  "node_modules/xmlbuilder2/lib/writers/BaseWriter.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.BaseWriter = void 0;
    var interfaces_1 = require_interfaces2();
    var LocalNameSet_1 = require_LocalNameSet();
    var NamespacePrefixMap_1 = require_NamespacePrefixMap();
    var infra_1 = require_lib2();
    var algorithm_1 = require_algorithm();
    var constants_1 = require_constants();
    var BaseWriter = class _BaseWriter {
      static _VoidElementNames = /* @__PURE__ */ new Set([
        "area",
        "base",
        "basefont",
        "bgsound",
        "br",
        "col",
        "embed",
        "frame",
        "hr",
        "img",
        "input",
        "keygen",
        "link",
        "menuitem",
        "meta",
        "param",
        "source",
        "track",
        "wbr"
      ]);
      _builderOptions;
      _writerOptions;
      /**
       * Initializes a new instance of `BaseWriter`.
       *
       * @param builderOptions - XML builder options
       */
      constructor(builderOptions) {
        this._builderOptions = builderOptions;
      }
      /**
       * Used by derived classes to serialize the XML declaration.
       *
       * @param version - a version number string
       * @param encoding - encoding declaration
       * @param standalone - standalone document declaration
       */
      declaration(version, encoding, standalone) {
      }
      /**
       * Used by derived classes to serialize a DocType node.
       *
       * @param name - node name
       * @param publicId - public identifier
       * @param systemId - system identifier
       */
      docType(name, publicId, systemId) {
      }
      /**
       * Used by derived classes to serialize a comment node.
       *
       * @param data - node data
       */
      comment(data) {
      }
      /**
       * Used by derived classes to serialize a text node.
       *
       * @param data - node data
       */
      text(data) {
      }
      /**
       * Used by derived classes to serialize a processing instruction node.
       *
       * @param target - instruction target
       * @param data - node data
       */
      instruction(target, data) {
      }
      /**
       * Used by derived classes to serialize a CData section node.
       *
       * @param data - node data
       */
      cdata(data) {
      }
      /**
       * Used by derived classes to serialize the beginning of the opening tag of an
       * element node.
       *
       * @param name - node name
       */
      openTagBegin(name) {
      }
      /**
       * Used by derived classes to serialize the ending of the opening tag of an
       * element node.
       *
       * @param name - node name
       * @param selfClosing - whether the element node is self closing
       * @param voidElement - whether the element node is a HTML void element
       */
      openTagEnd(name, selfClosing, voidElement) {
      }
      /**
       * Used by derived classes to serialize the closing tag of an element node.
       *
       * @param name - node name
       */
      closeTag(name) {
      }
      /**
       * Used by derived classes to serialize attributes or namespace declarations.
       *
       * @param attributes - attribute array
       */
      attributes(attributes) {
        for (const attr of attributes) {
          this.attribute(attr[1] === null ? attr[2] : attr[1] + ":" + attr[2], attr[3]);
        }
      }
      /**
       * Used by derived classes to serialize an attribute or namespace declaration.
       *
       * @param name - node name
       * @param value - node value
       */
      attribute(name, value) {
      }
      /**
       * Used by derived classes to perform any pre-processing steps before starting
       * serializing an element node.
       *
       * @param name - node name
       */
      beginElement(name) {
      }
      /**
       * Used by derived classes to perform any post-processing steps after
       * completing serializing an element node.
       *
       * @param name - node name
       */
      endElement(name) {
      }
      /**
       * Gets the current depth of the XML tree.
       */
      level = 0;
      /**
       * Gets the current XML node.
       */
      currentNode;
      /**
       * Produces an XML serialization of the given node. The pre-serializer inserts
       * namespace declarations where necessary and produces qualified names for
       * nodes and attributes.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      serializeNode(node, requireWellFormed) {
        const hasNamespaces = node._nodeDocument !== void 0 && node._nodeDocument._hasNamespaces;
        this.level = 0;
        this.currentNode = node;
        if (hasNamespaces) {
          let namespace = null;
          const prefixMap = new NamespacePrefixMap_1.NamespacePrefixMap();
          prefixMap.set("xml", infra_1.namespace.XML);
          const prefixIndex = { value: 1 };
          this._serializeNodeNS(node, namespace, prefixMap, prefixIndex, requireWellFormed);
        } else {
          this._serializeNode(node, requireWellFormed);
        }
      }
      /**
       * Produces an XML serialization of a node.
       *
       * @param node - node to serialize
       * @param namespace - context namespace
       * @param prefixMap - namespace prefix map
       * @param prefixIndex - generated namespace prefix index
       * @param requireWellFormed - whether to check conformance
       */
      _serializeNodeNS(node, namespace, prefixMap, prefixIndex, requireWellFormed) {
        this.currentNode = node;
        switch (node.nodeType) {
          case interfaces_1.NodeType.Element:
            this._serializeElementNS(node, namespace, prefixMap, prefixIndex, requireWellFormed);
            break;
          case interfaces_1.NodeType.Document:
            this._serializeDocumentNS(node, namespace, prefixMap, prefixIndex, requireWellFormed);
            break;
          case interfaces_1.NodeType.Comment:
            this._serializeComment(node, requireWellFormed);
            break;
          case interfaces_1.NodeType.Text:
            this._serializeText(node, requireWellFormed);
            break;
          case interfaces_1.NodeType.DocumentFragment:
            this._serializeDocumentFragmentNS(node, namespace, prefixMap, prefixIndex, requireWellFormed);
            break;
          case interfaces_1.NodeType.DocumentType:
            this._serializeDocumentType(node, requireWellFormed);
            break;
          case interfaces_1.NodeType.ProcessingInstruction:
            this._serializeProcessingInstruction(node, requireWellFormed);
            break;
          case interfaces_1.NodeType.CData:
            this._serializeCData(node, requireWellFormed);
            break;
          default:
            throw new Error(`Unknown node type: ${node.nodeType}`);
        }
      }
      /**
       * Produces an XML serialization of a node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeNode(node, requireWellFormed) {
        this.currentNode = node;
        switch (node.nodeType) {
          case interfaces_1.NodeType.Element:
            this._serializeElement(node, requireWellFormed);
            break;
          case interfaces_1.NodeType.Document:
            this._serializeDocument(node, requireWellFormed);
            break;
          case interfaces_1.NodeType.Comment:
            this._serializeComment(node, requireWellFormed);
            break;
          case interfaces_1.NodeType.Text:
            this._serializeText(node, requireWellFormed);
            break;
          case interfaces_1.NodeType.DocumentFragment:
            this._serializeDocumentFragment(node, requireWellFormed);
            break;
          case interfaces_1.NodeType.DocumentType:
            this._serializeDocumentType(node, requireWellFormed);
            break;
          case interfaces_1.NodeType.ProcessingInstruction:
            this._serializeProcessingInstruction(node, requireWellFormed);
            break;
          case interfaces_1.NodeType.CData:
            this._serializeCData(node, requireWellFormed);
            break;
          default:
            throw new Error(`Unknown node type: ${node.nodeType}`);
        }
      }
      /**
       * Produces an XML serialization of an element node.
       *
       * @param node - node to serialize
       * @param namespace - context namespace
       * @param prefixMap - namespace prefix map
       * @param prefixIndex - generated namespace prefix index
       * @param requireWellFormed - whether to check conformance
       */
      _serializeElementNS(node, namespace, prefixMap, prefixIndex, requireWellFormed) {
        const attributes = [];
        if (requireWellFormed && (node.localName.indexOf(":") !== -1 || !(0, algorithm_1.xml_isName)(node.localName))) {
          throw new Error("Node local name contains invalid characters (well-formed required).");
        }
        let qualifiedName = "";
        let skipEndTag = false;
        let ignoreNamespaceDefinitionAttribute = false;
        let map = prefixMap.copy();
        let localPrefixesMap = {};
        let localDefaultNamespace = this._recordNamespaceInformation(node, map, localPrefixesMap);
        let inheritedNS = namespace;
        let ns = node.namespaceURI;
        if (inheritedNS === ns) {
          if (localDefaultNamespace !== null) {
            ignoreNamespaceDefinitionAttribute = true;
          }
          if (ns === infra_1.namespace.XML) {
            qualifiedName = "xml:" + node.localName;
          } else {
            qualifiedName = node.localName;
          }
          this.beginElement(qualifiedName);
          this.openTagBegin(qualifiedName);
        } else {
          let prefix = node.prefix;
          let candidatePrefix = null;
          if (prefix !== null || ns !== localDefaultNamespace) {
            candidatePrefix = map.get(prefix, ns);
          }
          if (prefix === "xmlns") {
            if (requireWellFormed) {
              throw new Error("An element cannot have the 'xmlns' prefix (well-formed required).");
            }
            candidatePrefix = prefix;
          }
          if (candidatePrefix !== null) {
            qualifiedName = candidatePrefix + ":" + node.localName;
            if (localDefaultNamespace !== null && localDefaultNamespace !== infra_1.namespace.XML) {
              inheritedNS = localDefaultNamespace || null;
            }
            this.beginElement(qualifiedName);
            this.openTagBegin(qualifiedName);
          } else if (prefix !== null) {
            if (prefix in localPrefixesMap) {
              prefix = this._generatePrefix(ns, map, prefixIndex);
            }
            map.set(prefix, ns);
            qualifiedName += prefix + ":" + node.localName;
            this.beginElement(qualifiedName);
            this.openTagBegin(qualifiedName);
            attributes.push([
              null,
              "xmlns",
              prefix,
              this._serializeAttributeValue(ns, requireWellFormed)
            ]);
            if (localDefaultNamespace !== null) {
              inheritedNS = localDefaultNamespace || null;
            }
          } else if (localDefaultNamespace === null || localDefaultNamespace !== null && localDefaultNamespace !== ns) {
            ignoreNamespaceDefinitionAttribute = true;
            qualifiedName += node.localName;
            inheritedNS = ns;
            this.beginElement(qualifiedName);
            this.openTagBegin(qualifiedName);
            attributes.push([
              null,
              null,
              "xmlns",
              this._serializeAttributeValue(ns, requireWellFormed)
            ]);
          } else {
            qualifiedName += node.localName;
            inheritedNS = ns;
            this.beginElement(qualifiedName);
            this.openTagBegin(qualifiedName);
          }
        }
        attributes.push(...this._serializeAttributesNS(node, map, prefixIndex, localPrefixesMap, ignoreNamespaceDefinitionAttribute, requireWellFormed));
        this.attributes(attributes);
        const isHTML = ns === infra_1.namespace.HTML;
        if (isHTML && node.childNodes.length === 0 && _BaseWriter._VoidElementNames.has(node.localName)) {
          this.openTagEnd(qualifiedName, true, true);
          this.endElement(qualifiedName);
          skipEndTag = true;
        } else if (!isHTML && node.childNodes.length === 0) {
          this.openTagEnd(qualifiedName, true, false);
          this.endElement(qualifiedName);
          skipEndTag = true;
        } else {
          this.openTagEnd(qualifiedName, false, false);
        }
        if (skipEndTag)
          return;
        if (isHTML && node.localName === "template") {
        } else {
          for (const childNode of node.childNodes) {
            this.level++;
            this._serializeNodeNS(childNode, inheritedNS, map, prefixIndex, requireWellFormed);
            this.level--;
          }
        }
        this.closeTag(qualifiedName);
        this.endElement(qualifiedName);
      }
      /**
       * Produces an XML serialization of an element node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeElement(node, requireWellFormed) {
        if (requireWellFormed && (node.localName.indexOf(":") !== -1 || !(0, algorithm_1.xml_isName)(node.localName))) {
          throw new Error("Node local name contains invalid characters (well-formed required).");
        }
        let skipEndTag = false;
        const qualifiedName = node.localName;
        this.beginElement(qualifiedName);
        this.openTagBegin(qualifiedName);
        const attributes = this._serializeAttributes(node, requireWellFormed);
        this.attributes(attributes);
        if (!node.hasChildNodes()) {
          this.openTagEnd(qualifiedName, true, false);
          this.endElement(qualifiedName);
          skipEndTag = true;
        } else {
          this.openTagEnd(qualifiedName, false, false);
        }
        if (skipEndTag)
          return;
        for (const childNode of node._children) {
          this.level++;
          this._serializeNode(childNode, requireWellFormed);
          this.level--;
        }
        this.closeTag(qualifiedName);
        this.endElement(qualifiedName);
      }
      /**
       * Produces an XML serialization of a document node.
       *
       * @param node - node to serialize
       * @param namespace - context namespace
       * @param prefixMap - namespace prefix map
       * @param prefixIndex - generated namespace prefix index
       * @param requireWellFormed - whether to check conformance
       */
      _serializeDocumentNS(node, namespace, prefixMap, prefixIndex, requireWellFormed) {
        if (requireWellFormed && node.documentElement === null) {
          throw new Error("Missing document element (well-formed required).");
        }
        for (const childNode of node.childNodes) {
          this._serializeNodeNS(childNode, namespace, prefixMap, prefixIndex, requireWellFormed);
        }
      }
      /**
       * Produces an XML serialization of a document node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeDocument(node, requireWellFormed) {
        if (requireWellFormed && node.documentElement === null) {
          throw new Error("Missing document element (well-formed required).");
        }
        for (const childNode of node._children) {
          this._serializeNode(childNode, requireWellFormed);
        }
      }
      /**
       * Produces an XML serialization of a comment node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeComment(node, requireWellFormed) {
        if (requireWellFormed && (!(0, algorithm_1.xml_isLegalChar)(node.data) || node.data.indexOf("--") !== -1 || node.data.endsWith("-"))) {
          throw new Error("Comment data contains invalid characters (well-formed required).");
        }
        this.comment(node.data);
      }
      /**
       * Produces an XML serialization of a text node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       * @param level - current depth of the XML tree
       */
      _serializeText(node, requireWellFormed) {
        if (requireWellFormed && !(0, algorithm_1.xml_isLegalChar)(node.data)) {
          throw new Error("Text data contains invalid characters (well-formed required).");
        }
        const markup = node.data.replace(constants_1.nonEntityAmpersandRegex, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
        this.text(markup);
      }
      /**
       * Produces an XML serialization of a document fragment node.
       *
       * @param node - node to serialize
       * @param namespace - context namespace
       * @param prefixMap - namespace prefix map
       * @param prefixIndex - generated namespace prefix index
       * @param requireWellFormed - whether to check conformance
       */
      _serializeDocumentFragmentNS(node, namespace, prefixMap, prefixIndex, requireWellFormed) {
        for (const childNode of node.childNodes) {
          this._serializeNodeNS(childNode, namespace, prefixMap, prefixIndex, requireWellFormed);
        }
      }
      /**
       * Produces an XML serialization of a document fragment node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeDocumentFragment(node, requireWellFormed) {
        for (const childNode of node._children) {
          this._serializeNode(childNode, requireWellFormed);
        }
      }
      /**
       * Produces an XML serialization of a document type node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeDocumentType(node, requireWellFormed) {
        if (requireWellFormed && !(0, algorithm_1.xml_isPubidChar)(node.publicId)) {
          throw new Error("DocType public identifier does not match PubidChar construct (well-formed required).");
        }
        if (requireWellFormed && (!(0, algorithm_1.xml_isLegalChar)(node.systemId) || node.systemId.indexOf('"') !== -1 && node.systemId.indexOf("'") !== -1)) {
          throw new Error("DocType system identifier contains invalid characters (well-formed required).");
        }
        this.docType(node.name, node.publicId, node.systemId);
      }
      /**
       * Produces an XML serialization of a processing instruction node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeProcessingInstruction(node, requireWellFormed) {
        if (requireWellFormed && (node.target.indexOf(":") !== -1 || /^xml$/i.test(node.target))) {
          throw new Error("Processing instruction target contains invalid characters (well-formed required).");
        }
        if (requireWellFormed && (!(0, algorithm_1.xml_isLegalChar)(node.data) || node.data.indexOf("?>") !== -1)) {
          throw new Error("Processing instruction data contains invalid characters (well-formed required).");
        }
        this.instruction(node.target, node.data);
      }
      /**
       * Produces an XML serialization of a CDATA node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeCData(node, requireWellFormed) {
        if (requireWellFormed && node.data.indexOf("]]>") !== -1) {
          throw new Error("CDATA contains invalid characters (well-formed required).");
        }
        this.cdata(node.data);
      }
      /**
      * Produces an XML serialization of the attributes of an element node.
      *
       * @param node - node to serialize
       * @param map - namespace prefix map
       * @param prefixIndex - generated namespace prefix index
       * @param localPrefixesMap - local prefixes map
       * @param ignoreNamespaceDefinitionAttribute - whether to ignore namespace
       * attributes
       * @param requireWellFormed - whether to check conformance
      */
      _serializeAttributesNS(node, map, prefixIndex, localPrefixesMap, ignoreNamespaceDefinitionAttribute, requireWellFormed) {
        const result = [];
        const localNameSet = requireWellFormed ? new LocalNameSet_1.LocalNameSet() : void 0;
        for (const attr of node.attributes) {
          if (!requireWellFormed && !ignoreNamespaceDefinitionAttribute && attr.namespaceURI === null) {
            result.push([
              null,
              null,
              attr.localName,
              this._serializeAttributeValue(attr.value, requireWellFormed)
            ]);
            continue;
          }
          if (requireWellFormed && localNameSet && localNameSet.has(attr.namespaceURI, attr.localName)) {
            throw new Error("Element contains duplicate attributes (well-formed required).");
          }
          if (requireWellFormed && localNameSet)
            localNameSet.set(attr.namespaceURI, attr.localName);
          let attributeNamespace = attr.namespaceURI;
          let candidatePrefix = null;
          if (attributeNamespace !== null) {
            candidatePrefix = map.get(attr.prefix, attributeNamespace);
            if (attributeNamespace === infra_1.namespace.XMLNS) {
              if (attr.value === infra_1.namespace.XML || attr.prefix === null && ignoreNamespaceDefinitionAttribute || attr.prefix !== null && (!(attr.localName in localPrefixesMap) || localPrefixesMap[attr.localName] !== attr.value) && map.has(attr.localName, attr.value))
                continue;
              if (requireWellFormed && attr.value === infra_1.namespace.XMLNS) {
                throw new Error("XMLNS namespace is reserved (well-formed required).");
              }
              if (requireWellFormed && attr.value === "") {
                throw new Error("Namespace prefix declarations cannot be used to undeclare a namespace (well-formed required).");
              }
              if (attr.prefix === "xmlns")
                candidatePrefix = "xmlns";
            } else if (candidatePrefix === null) {
              if (attr.prefix !== null && (!map.hasPrefix(attr.prefix) || map.has(attr.prefix, attributeNamespace))) {
                candidatePrefix = attr.prefix;
              } else {
                candidatePrefix = this._generatePrefix(attributeNamespace, map, prefixIndex);
              }
              result.push([
                null,
                "xmlns",
                candidatePrefix,
                this._serializeAttributeValue(attributeNamespace, requireWellFormed)
              ]);
            }
          }
          let attrName = "";
          if (candidatePrefix !== null) {
            attrName = candidatePrefix;
          }
          if (requireWellFormed && (attr.localName.indexOf(":") !== -1 || !(0, algorithm_1.xml_isName)(attr.localName) || attr.localName === "xmlns" && attributeNamespace === null)) {
            throw new Error("Attribute local name contains invalid characters (well-formed required).");
          }
          result.push([
            attributeNamespace,
            candidatePrefix,
            attr.localName,
            this._serializeAttributeValue(attr.value, requireWellFormed)
          ]);
        }
        return result;
      }
      /**
      * Produces an XML serialization of the attributes of an element node.
      *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
      */
      _serializeAttributes(node, requireWellFormed) {
        const result = [];
        const localNameSet = requireWellFormed ? {} : void 0;
        for (const attr of node.attributes) {
          if (!requireWellFormed) {
            result.push([
              null,
              null,
              attr.localName,
              this._serializeAttributeValue(attr.value, requireWellFormed)
            ]);
            continue;
          }
          if (requireWellFormed && localNameSet && attr.localName in localNameSet) {
            throw new Error("Element contains duplicate attributes (well-formed required).");
          }
          if (requireWellFormed && localNameSet)
            localNameSet[attr.localName] = true;
          if (requireWellFormed && (attr.localName.indexOf(":") !== -1 || !(0, algorithm_1.xml_isName)(attr.localName))) {
            throw new Error("Attribute local name contains invalid characters (well-formed required).");
          }
          result.push([
            null,
            null,
            attr.localName,
            this._serializeAttributeValue(attr.value, requireWellFormed)
          ]);
        }
        return result;
      }
      /**
      * Records namespace information for the given element and returns the
      * default namespace attribute value.
      *
      * @param node - element node to process
      * @param map - namespace prefix map
      * @param localPrefixesMap - local prefixes map
      */
      _recordNamespaceInformation(node, map, localPrefixesMap) {
        let defaultNamespaceAttrValue = null;
        for (const attr of node.attributes) {
          let attributeNamespace = attr.namespaceURI;
          let attributePrefix = attr.prefix;
          if (attributeNamespace === infra_1.namespace.XMLNS) {
            if (attributePrefix === null) {
              defaultNamespaceAttrValue = attr.value;
              continue;
            } else {
              let prefixDefinition = attr.localName;
              let namespaceDefinition = attr.value;
              if (namespaceDefinition === infra_1.namespace.XML) {
                continue;
              }
              if (namespaceDefinition === "") {
                namespaceDefinition = null;
              }
              if (map.has(prefixDefinition, namespaceDefinition)) {
                continue;
              }
              map.set(prefixDefinition, namespaceDefinition);
              localPrefixesMap[prefixDefinition] = namespaceDefinition || "";
            }
          }
        }
        return defaultNamespaceAttrValue;
      }
      /**
      * Generates a new prefix for the given namespace.
      *
      * @param newNamespace - a namespace to generate prefix for
      * @param prefixMap - namespace prefix map
      * @param prefixIndex - generated namespace prefix index
      */
      _generatePrefix(newNamespace, prefixMap, prefixIndex) {
        const generatedPrefix = "ns" + prefixIndex.value.toString();
        prefixIndex.value++;
        prefixMap.set(generatedPrefix, newNamespace);
        return generatedPrefix;
      }
      /**
       * Produces an XML serialization of an attribute value.
       *
       * @param value - attribute value
       * @param requireWellFormed - whether to check conformance
       */
      _serializeAttributeValue(value, requireWellFormed) {
        if (requireWellFormed && value !== null && !(0, algorithm_1.xml_isLegalChar)(value)) {
          throw new Error("Invalid characters in attribute value.");
        }
        if (value === null)
          return "";
        return value.replace(constants_1.nonEntityAmpersandRegex, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
      }
    };
    exports2.BaseWriter = BaseWriter;
  }
});

// node_modules/xmlbuilder2/lib/writers/ObjectWriter.js
var require_ObjectWriter = __commonJS({
  "node_modules/xmlbuilder2/lib/writers/ObjectWriter.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.ObjectWriter = void 0;
    var util_1 = require_lib();
    var interfaces_1 = require_interfaces2();
    var BaseWriter_1 = require_BaseWriter();
    var ObjectWriter = class extends BaseWriter_1.BaseWriter {
      _currentList;
      _currentIndex;
      _listRegister;
      /**
       * Initializes a new instance of `ObjectWriter`.
       *
       * @param builderOptions - XML builder options
       * @param writerOptions - serialization options
       */
      constructor(builderOptions, writerOptions) {
        super(builderOptions);
        this._writerOptions = (0, util_1.applyDefaults)(writerOptions, {
          format: "object",
          wellFormed: false,
          group: false,
          verbose: false
        });
      }
      /**
       * Produces an XML serialization of the given node.
       *
       * @param node - node to serialize
       */
      serialize(node) {
        this._currentList = [];
        this._currentIndex = 0;
        this._listRegister = [this._currentList];
        this.serializeNode(node, this._writerOptions.wellFormed);
        return this._process(this._currentList, this._writerOptions);
      }
      _process(items, options2) {
        if (items.length === 0)
          return {};
        const namesSeen = {};
        let hasNonUniqueNames = false;
        let textCount = 0;
        let commentCount = 0;
        let instructionCount = 0;
        let cdataCount = 0;
        for (let i = 0; i < items.length; i++) {
          const item = items[i];
          const key = Object.keys(item)[0];
          switch (key) {
            case "@":
              continue;
            case "#":
              textCount++;
              break;
            case "!":
              commentCount++;
              break;
            case "?":
              instructionCount++;
              break;
            case "$":
              cdataCount++;
              break;
            default:
              if (namesSeen[key]) {
                hasNonUniqueNames = true;
              } else {
                namesSeen[key] = true;
              }
              break;
          }
        }
        const defAttrKey = this._getAttrKey();
        const defTextKey = this._getNodeKey(interfaces_1.NodeType.Text);
        const defCommentKey = this._getNodeKey(interfaces_1.NodeType.Comment);
        const defInstructionKey = this._getNodeKey(interfaces_1.NodeType.ProcessingInstruction);
        const defCdataKey = this._getNodeKey(interfaces_1.NodeType.CData);
        if (textCount === 1 && items.length === 1 && (0, util_1.isString)(items[0]["#"])) {
          return items[0]["#"];
        } else if (hasNonUniqueNames) {
          const obj = {};
          for (let i = 0; i < items.length; i++) {
            const item = items[i];
            const key = Object.keys(item)[0];
            if (key === "@") {
              const attrs = item["@"];
              const attrKeys = Object.keys(attrs);
              if (!options2.group || attrKeys.length === 1) {
                for (const attrName in attrs) {
                  obj[defAttrKey + attrName] = attrs[attrName];
                }
              } else {
                obj[defAttrKey] = attrs;
              }
            }
          }
          const result = [];
          for (let i = 0; i < items.length; i++) {
            const item = items[i];
            const key = Object.keys(item)[0];
            switch (key) {
              case "@":
                break;
              case "#":
                result.push({ [defTextKey]: item["#"] });
                break;
              case "!":
                result.push({ [defCommentKey]: item["!"] });
                break;
              case "?":
                result.push({ [defInstructionKey]: item["?"] });
                break;
              case "$":
                result.push({ [defCdataKey]: item["$"] });
                break;
              default:
                const ele = item;
                if (ele[key].length !== 0 && (0, util_1.isArray)(ele[key][0])) {
                  const eleGroup = [];
                  const listOfLists = ele[key];
                  for (let i2 = 0; i2 < listOfLists.length; i2++) {
                    eleGroup.push(this._process(listOfLists[i2], options2));
                  }
                  result.push({ [key]: eleGroup });
                } else {
                  if (options2.verbose) {
                    result.push({ [key]: [this._process(ele[key], options2)] });
                  } else {
                    result.push({ [key]: this._process(ele[key], options2) });
                  }
                }
                break;
            }
          }
          obj[defTextKey] = result;
          return obj;
        } else {
          let textId = 1;
          let commentId = 1;
          let instructionId = 1;
          let cdataId = 1;
          const obj = {};
          for (let i = 0; i < items.length; i++) {
            const item = items[i];
            const key = Object.keys(item)[0];
            switch (key) {
              case "@":
                const attrs = item["@"];
                const attrKeys = Object.keys(attrs);
                if (!options2.group || attrKeys.length === 1) {
                  for (const attrName in attrs) {
                    obj[defAttrKey + attrName] = attrs[attrName];
                  }
                } else {
                  obj[defAttrKey] = attrs;
                }
                break;
              case "#":
                textId = this._processSpecItem(item["#"], obj, options2.group, defTextKey, textCount, textId);
                break;
              case "!":
                commentId = this._processSpecItem(item["!"], obj, options2.group, defCommentKey, commentCount, commentId);
                break;
              case "?":
                instructionId = this._processSpecItem(item["?"], obj, options2.group, defInstructionKey, instructionCount, instructionId);
                break;
              case "$":
                cdataId = this._processSpecItem(item["$"], obj, options2.group, defCdataKey, cdataCount, cdataId);
                break;
              default:
                const ele = item;
                if (ele[key].length !== 0 && (0, util_1.isArray)(ele[key][0])) {
                  const eleGroup = [];
                  const listOfLists = ele[key];
                  for (let i2 = 0; i2 < listOfLists.length; i2++) {
                    eleGroup.push(this._process(listOfLists[i2], options2));
                  }
                  obj[key] = eleGroup;
                } else {
                  if (options2.verbose) {
                    obj[key] = [this._process(ele[key], options2)];
                  } else {
                    obj[key] = this._process(ele[key], options2);
                  }
                }
                break;
            }
          }
          return obj;
        }
      }
      _processSpecItem(item, obj, group, defKey, count, id) {
        if (!group && (0, util_1.isArray)(item) && count + item.length > 2) {
          for (const subItem of item) {
            const key = defKey + (id++).toString();
            obj[key] = subItem;
          }
        } else {
          const key = count > 1 ? defKey + (id++).toString() : defKey;
          obj[key] = item;
        }
        return id;
      }
      /** @inheritdoc */
      beginElement(name) {
        const childItems = [];
        if (this._currentList.length === 0) {
          this._currentList.push({ [name]: childItems });
        } else {
          const lastItem = this._currentList[this._currentList.length - 1];
          if (this._isElementNode(lastItem, name)) {
            if (lastItem[name].length !== 0 && (0, util_1.isArray)(lastItem[name][0])) {
              const listOfLists = lastItem[name];
              listOfLists.push(childItems);
            } else {
              lastItem[name] = [lastItem[name], childItems];
            }
          } else {
            this._currentList.push({ [name]: childItems });
          }
        }
        this._currentIndex++;
        if (this._listRegister.length > this._currentIndex) {
          this._listRegister[this._currentIndex] = childItems;
        } else {
          this._listRegister.push(childItems);
        }
        this._currentList = childItems;
      }
      /** @inheritdoc */
      endElement() {
        this._currentList = this._listRegister[--this._currentIndex];
      }
      /** @inheritdoc */
      attribute(name, value) {
        if (this._currentList.length === 0) {
          this._currentList.push({ "@": { [name]: value } });
        } else {
          const lastItem = this._currentList[this._currentList.length - 1];
          if (this._isAttrNode(lastItem)) {
            lastItem["@"][name] = value;
          } else {
            this._currentList.push({ "@": { [name]: value } });
          }
        }
      }
      /** @inheritdoc */
      comment(data) {
        if (this._currentList.length === 0) {
          this._currentList.push({ "!": data });
        } else {
          const lastItem = this._currentList[this._currentList.length - 1];
          if (this._isCommentNode(lastItem)) {
            if ((0, util_1.isArray)(lastItem["!"])) {
              lastItem["!"].push(data);
            } else {
              lastItem["!"] = [lastItem["!"], data];
            }
          } else {
            this._currentList.push({ "!": data });
          }
        }
      }
      /** @inheritdoc */
      text(data) {
        if (this._currentList.length === 0) {
          this._currentList.push({ "#": data });
        } else {
          const lastItem = this._currentList[this._currentList.length - 1];
          if (this._isTextNode(lastItem)) {
            if ((0, util_1.isArray)(lastItem["#"])) {
              lastItem["#"].push(data);
            } else {
              lastItem["#"] = [lastItem["#"], data];
            }
          } else {
            this._currentList.push({ "#": data });
          }
        }
      }
      /** @inheritdoc */
      instruction(target, data) {
        const value = data === "" ? target : target + " " + data;
        if (this._currentList.length === 0) {
          this._currentList.push({ "?": value });
        } else {
          const lastItem = this._currentList[this._currentList.length - 1];
          if (this._isInstructionNode(lastItem)) {
            if ((0, util_1.isArray)(lastItem["?"])) {
              lastItem["?"].push(value);
            } else {
              lastItem["?"] = [lastItem["?"], value];
            }
          } else {
            this._currentList.push({ "?": value });
          }
        }
      }
      /** @inheritdoc */
      cdata(data) {
        if (this._currentList.length === 0) {
          this._currentList.push({ "$": data });
        } else {
          const lastItem = this._currentList[this._currentList.length - 1];
          if (this._isCDATANode(lastItem)) {
            if ((0, util_1.isArray)(lastItem["$"])) {
              lastItem["$"].push(data);
            } else {
              lastItem["$"] = [lastItem["$"], data];
            }
          } else {
            this._currentList.push({ "$": data });
          }
        }
      }
      _isAttrNode(x) {
        return "@" in x;
      }
      _isTextNode(x) {
        return "#" in x;
      }
      _isCommentNode(x) {
        return "!" in x;
      }
      _isInstructionNode(x) {
        return "?" in x;
      }
      _isCDATANode(x) {
        return "$" in x;
      }
      _isElementNode(x, name) {
        return name in x;
      }
      /**
       * Returns an object key for an attribute or namespace declaration.
       */
      _getAttrKey() {
        return this._builderOptions.convert.att;
      }
      /**
       * Returns an object key for the given node type.
       *
       * @param nodeType - node type to get a key for
       */
      _getNodeKey(nodeType) {
        switch (nodeType) {
          case interfaces_1.NodeType.Comment:
            return this._builderOptions.convert.comment;
          case interfaces_1.NodeType.Text:
            return this._builderOptions.convert.text;
          case interfaces_1.NodeType.ProcessingInstruction:
            return this._builderOptions.convert.ins;
          case interfaces_1.NodeType.CData:
            return this._builderOptions.convert.cdata;
          /* istanbul ignore next */
          default:
            throw new Error("Invalid node type.");
        }
      }
    };
    exports2.ObjectWriter = ObjectWriter;
  }
});

// node_modules/xmlbuilder2/lib/writers/MapWriter.js
var require_MapWriter = __commonJS({
  "node_modules/xmlbuilder2/lib/writers/MapWriter.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.MapWriter = void 0;
    var util_1 = require_lib();
    var ObjectWriter_1 = require_ObjectWriter();
    var BaseWriter_1 = require_BaseWriter();
    var MapWriter = class extends BaseWriter_1.BaseWriter {
      /**
       * Initializes a new instance of `MapWriter`.
       *
       * @param builderOptions - XML builder options
       * @param writerOptions - serialization options
       */
      constructor(builderOptions, writerOptions) {
        super(builderOptions);
        this._writerOptions = (0, util_1.applyDefaults)(writerOptions, {
          format: "map",
          wellFormed: false,
          group: false,
          verbose: false
        });
      }
      /**
       * Produces an XML serialization of the given node.
       *
       * @param node - node to serialize
       */
      serialize(node) {
        const objectWriterOptions = (0, util_1.applyDefaults)(this._writerOptions, {
          format: "object",
          wellFormed: false,
          verbose: false
        });
        const objectWriter = new ObjectWriter_1.ObjectWriter(this._builderOptions, objectWriterOptions);
        const val = objectWriter.serialize(node);
        return this._convertObject(val);
      }
      /**
       * Recursively converts a JS object into an ES5 map.
       *
       * @param obj - a JS object
       */
      _convertObject(obj) {
        if ((0, util_1.isArray)(obj)) {
          for (let i = 0; i < obj.length; i++) {
            obj[i] = this._convertObject(obj[i]);
          }
          return obj;
        } else if ((0, util_1.isObject)(obj)) {
          const map = /* @__PURE__ */ new Map();
          for (const key in obj) {
            map.set(key, this._convertObject(obj[key]));
          }
          return map;
        } else {
          return obj;
        }
      }
    };
    exports2.MapWriter = MapWriter;
  }
});

// node_modules/xmlbuilder2/lib/writers/XMLWriter.js
var require_XMLWriter = __commonJS({
  "node_modules/xmlbuilder2/lib/writers/XMLWriter.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.XMLWriter = void 0;
    var util_1 = require_lib();
    var interfaces_1 = require_interfaces2();
    var BaseWriter_1 = require_BaseWriter();
    var util_2 = require_util();
    var XMLWriter = class extends BaseWriter_1.BaseWriter {
      _refs;
      _indentation = {};
      _lengthToLastNewline = 0;
      /**
       * Initializes a new instance of `XMLWriter`.
       *
       * @param builderOptions - XML builder options
       * @param writerOptions - serialization options
       */
      constructor(builderOptions, writerOptions) {
        super(builderOptions);
        this._writerOptions = (0, util_1.applyDefaults)(writerOptions, {
          wellFormed: false,
          headless: false,
          prettyPrint: false,
          indent: "  ",
          newline: "\n",
          offset: 0,
          width: 0,
          allowEmptyTags: false,
          indentTextOnlyNodes: false,
          spaceBeforeSlash: false
        });
      }
      /**
       * Produces an XML serialization of the given node.
       *
       * @param node - node to serialize
       */
      serialize(node) {
        this._refs = { suppressPretty: false, emptyNode: false, markup: "" };
        if (node.nodeType === interfaces_1.NodeType.Document && !this._writerOptions.headless) {
          this.declaration(this._builderOptions.version, this._builderOptions.encoding, this._builderOptions.standalone);
        }
        this.serializeNode(node, this._writerOptions.wellFormed);
        if (this._writerOptions.prettyPrint && this._refs.markup.slice(-this._writerOptions.newline.length) === this._writerOptions.newline) {
          this._refs.markup = this._refs.markup.slice(0, -this._writerOptions.newline.length);
        }
        return this._refs.markup;
      }
      /** @inheritdoc */
      declaration(version, encoding, standalone) {
        this._beginLine();
        this._refs.markup += '<?xml version="' + version + '"';
        if (encoding !== void 0) {
          this._refs.markup += ' encoding="' + encoding + '"';
        }
        if (standalone !== void 0) {
          this._refs.markup += ' standalone="' + (standalone ? "yes" : "no") + '"';
        }
        this._refs.markup += "?>";
        this._endLine();
      }
      /** @inheritdoc */
      docType(name, publicId, systemId) {
        this._beginLine();
        if (publicId && systemId) {
          this._refs.markup += "<!DOCTYPE " + name + ' PUBLIC "' + publicId + '" "' + systemId + '">';
        } else if (publicId) {
          this._refs.markup += "<!DOCTYPE " + name + ' PUBLIC "' + publicId + '">';
        } else if (systemId) {
          this._refs.markup += "<!DOCTYPE " + name + ' SYSTEM "' + systemId + '">';
        } else {
          this._refs.markup += "<!DOCTYPE " + name + ">";
        }
        this._endLine();
      }
      /** @inheritdoc */
      openTagBegin(name) {
        this._beginLine();
        this._refs.markup += "<" + name;
      }
      /** @inheritdoc */
      openTagEnd(name, selfClosing, voidElement) {
        this._refs.suppressPretty = false;
        this._refs.emptyNode = false;
        if (this._writerOptions.prettyPrint && !selfClosing && !voidElement) {
          let textOnlyNode = true;
          let emptyNode = true;
          let childNode = this.currentNode.firstChild;
          let cdataCount = 0;
          let textCount = 0;
          while (childNode) {
            if (util_2.Guard.isExclusiveTextNode(childNode)) {
              textCount++;
            } else if (util_2.Guard.isCDATASectionNode(childNode)) {
              cdataCount++;
            } else {
              textOnlyNode = false;
              emptyNode = false;
              break;
            }
            if (childNode.data !== "") {
              emptyNode = false;
            }
            childNode = childNode.nextSibling;
          }
          this._refs.suppressPretty = !this._writerOptions.indentTextOnlyNodes && textOnlyNode && (cdataCount <= 1 && textCount === 0 || cdataCount === 0);
          this._refs.emptyNode = emptyNode;
        }
        if ((voidElement || selfClosing || this._refs.emptyNode) && this._writerOptions.allowEmptyTags) {
          this._refs.markup += "></" + name + ">";
        } else {
          this._refs.markup += voidElement ? " />" : selfClosing || this._refs.emptyNode ? this._writerOptions.spaceBeforeSlash ? " />" : "/>" : ">";
        }
        this._endLine();
      }
      /** @inheritdoc */
      closeTag(name) {
        if (!this._refs.emptyNode) {
          this._beginLine();
          this._refs.markup += "</" + name + ">";
        }
        this._refs.suppressPretty = false;
        this._refs.emptyNode = false;
        this._endLine();
      }
      /** @inheritdoc */
      attribute(name, value) {
        const str = name + '="' + value + '"';
        if (this._writerOptions.prettyPrint && this._writerOptions.width > 0 && this._refs.markup.length - this._lengthToLastNewline + 1 + str.length > this._writerOptions.width) {
          this._endLine();
          this._beginLine();
          this._refs.markup += this._indent(1) + str;
        } else {
          this._refs.markup += " " + str;
        }
      }
      /** @inheritdoc */
      text(data) {
        if (data !== "") {
          this._beginLine();
          this._refs.markup += data;
          this._endLine();
        }
      }
      /** @inheritdoc */
      cdata(data) {
        if (data !== "") {
          this._beginLine();
          this._refs.markup += "<![CDATA[" + data + "]]>";
          this._endLine();
        }
      }
      /** @inheritdoc */
      comment(data) {
        this._beginLine();
        this._refs.markup += "<!--" + data + "-->";
        this._endLine();
      }
      /** @inheritdoc */
      instruction(target, data) {
        this._beginLine();
        this._refs.markup += "<?" + (data === "" ? target : target + " " + data) + "?>";
        this._endLine();
      }
      /**
       * Produces characters to be prepended to a line of string in pretty-print
       * mode.
       */
      _beginLine() {
        if (this._writerOptions.prettyPrint && !this._refs.suppressPretty) {
          this._refs.markup += this._indent(this._writerOptions.offset + this.level);
        }
      }
      /**
       * Produces characters to be appended to a line of string in pretty-print
       * mode.
       */
      _endLine() {
        if (this._writerOptions.prettyPrint && !this._refs.suppressPretty) {
          this._refs.markup += this._writerOptions.newline;
          this._lengthToLastNewline = this._refs.markup.length;
        }
      }
      /**
       * Produces an indentation string.
       *
       * @param level - depth of the tree
       */
      _indent(level) {
        if (level <= 0) {
          return "";
        } else if (this._indentation[level] !== void 0) {
          return this._indentation[level];
        } else {
          const str = this._writerOptions.indent.repeat(level);
          this._indentation[level] = str;
          return str;
        }
      }
    };
    exports2.XMLWriter = XMLWriter;
  }
});

// node_modules/xmlbuilder2/lib/writers/JSONWriter.js
var require_JSONWriter = __commonJS({
  "node_modules/xmlbuilder2/lib/writers/JSONWriter.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.JSONWriter = void 0;
    var ObjectWriter_1 = require_ObjectWriter();
    var util_1 = require_lib();
    var BaseWriter_1 = require_BaseWriter();
    var JSONWriter = class extends BaseWriter_1.BaseWriter {
      /**
       * Initializes a new instance of `JSONWriter`.
       *
       * @param builderOptions - XML builder options
       * @param writerOptions - serialization options
       */
      constructor(builderOptions, writerOptions) {
        super(builderOptions);
        this._writerOptions = (0, util_1.applyDefaults)(writerOptions, {
          wellFormed: false,
          prettyPrint: false,
          indent: "  ",
          newline: "\n",
          offset: 0,
          group: false,
          verbose: false
        });
      }
      /**
       * Produces an XML serialization of the given node.
       *
       * @param node - node to serialize
       * @param writerOptions - serialization options
       */
      serialize(node) {
        const objectWriterOptions = (0, util_1.applyDefaults)(this._writerOptions, {
          format: "object",
          wellFormed: false
        });
        const objectWriter = new ObjectWriter_1.ObjectWriter(this._builderOptions, objectWriterOptions);
        const val = objectWriter.serialize(node);
        return this._beginLine(this._writerOptions, 0) + this._convertObject(val, this._writerOptions);
      }
      /**
       * Produces an XML serialization of the given object.
       *
       * @param obj - object to serialize
       * @param options - serialization options
       * @param level - depth of the XML tree
       */
      _convertObject(obj, options2, level = 0) {
        let markup = "";
        const isLeaf = this._isLeafNode(obj);
        if ((0, util_1.isArray)(obj)) {
          markup += "[";
          const len = obj.length;
          let i = 0;
          for (const val of obj) {
            markup += this._endLine(options2, level + 1) + this._beginLine(options2, level + 1) + this._convertObject(val, options2, level + 1);
            if (i < len - 1) {
              markup += ",";
            }
            i++;
          }
          markup += this._endLine(options2, level) + this._beginLine(options2, level);
          markup += "]";
        } else if ((0, util_1.isObject)(obj)) {
          markup += "{";
          const len = (0, util_1.objectLength)(obj);
          let i = 0;
          (0, util_1.forEachObject)(obj, (key, val) => {
            if (isLeaf && options2.prettyPrint) {
              markup += " ";
            } else {
              markup += this._endLine(options2, level + 1) + this._beginLine(options2, level + 1);
            }
            markup += this._key(key);
            if (options2.prettyPrint) {
              markup += " ";
            }
            markup += this._convertObject(val, options2, level + 1);
            if (i < len - 1) {
              markup += ",";
            }
            i++;
          }, this);
          if (isLeaf && options2.prettyPrint) {
            markup += " ";
          } else {
            markup += this._endLine(options2, level) + this._beginLine(options2, level);
          }
          markup += "}";
        } else {
          markup += this._val(obj);
        }
        return markup;
      }
      /**
       * Produces characters to be prepended to a line of string in pretty-print
       * mode.
       *
       * @param options - serialization options
       * @param level - current depth of the XML tree
       */
      _beginLine(options2, level) {
        if (!options2.prettyPrint) {
          return "";
        } else {
          const indentLevel = options2.offset + level + 1;
          if (indentLevel > 0) {
            return new Array(indentLevel).join(options2.indent);
          }
        }
        return "";
      }
      /**
       * Produces characters to be appended to a line of string in pretty-print
       * mode.
       *
       * @param options - serialization options
       * @param level - current depth of the XML tree
       */
      _endLine(options2, level) {
        if (!options2.prettyPrint) {
          return "";
        } else {
          return options2.newline;
        }
      }
      /**
       * Produces a JSON key string delimited with double quotes.
       */
      _key(key) {
        return '"' + key + '":';
      }
      /**
       * Produces a JSON value string delimited with double quotes.
       */
      _val(val) {
        return JSON.stringify(val);
      }
      /**
       * Determines if an object is a leaf node.
       *
       * @param obj
       */
      _isLeafNode(obj) {
        return this._descendantCount(obj) <= 1;
      }
      /**
       * Counts the number of descendants of the given object.
       *
       * @param obj
       * @param count
       */
      _descendantCount(obj, count = 0) {
        if ((0, util_1.isArray)(obj)) {
          (0, util_1.forEachArray)(obj, (val) => count += this._descendantCount(val, count), this);
        } else if ((0, util_1.isObject)(obj)) {
          (0, util_1.forEachObject)(obj, (key, val) => count += this._descendantCount(val, count), this);
        } else {
          count++;
        }
        return count;
      }
    };
    exports2.JSONWriter = JSONWriter;
  }
});

// node_modules/xmlbuilder2/lib/writers/YAMLWriter.js
var require_YAMLWriter = __commonJS({
  "node_modules/xmlbuilder2/lib/writers/YAMLWriter.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.YAMLWriter = void 0;
    var ObjectWriter_1 = require_ObjectWriter();
    var util_1 = require_lib();
    var BaseWriter_1 = require_BaseWriter();
    var YAMLWriter = class extends BaseWriter_1.BaseWriter {
      /**
       * Initializes a new instance of `YAMLWriter`.
       *
       * @param builderOptions - XML builder options
       * @param writerOptions - serialization options
       */
      constructor(builderOptions, writerOptions) {
        super(builderOptions);
        this._writerOptions = (0, util_1.applyDefaults)(writerOptions, {
          wellFormed: false,
          indent: "  ",
          newline: "\n",
          offset: 0,
          group: false,
          verbose: false
        });
        if (this._writerOptions.indent.length < 2) {
          throw new Error("YAML indententation string must be at least two characters long.");
        }
        if (this._writerOptions.offset < 0) {
          throw new Error("YAML offset should be zero or a positive number.");
        }
      }
      /**
       * Produces an XML serialization of the given node.
       *
       * @param node - node to serialize
       * @param writerOptions - serialization options
       */
      serialize(node) {
        const objectWriterOptions = (0, util_1.applyDefaults)(this._writerOptions, {
          format: "object",
          wellFormed: false
        });
        const objectWriter = new ObjectWriter_1.ObjectWriter(this._builderOptions, objectWriterOptions);
        const val = objectWriter.serialize(node);
        let markup = this._beginLine(this._writerOptions, 0) + "---" + this._endLine(this._writerOptions) + this._convertObject(val, this._writerOptions, 0);
        if (markup.slice(-this._writerOptions.newline.length) === this._writerOptions.newline) {
          markup = markup.slice(0, -this._writerOptions.newline.length);
        }
        return markup;
      }
      /**
       * Produces an XML serialization of the given object.
       *
       * @param obj - object to serialize
       * @param options - serialization options
       * @param level - depth of the XML tree
       * @param indentLeaf - indents leaf nodes
       */
      _convertObject(obj, options2, level, suppressIndent = false) {
        let markup = "";
        if ((0, util_1.isArray)(obj)) {
          for (const val of obj) {
            markup += this._beginLine(options2, level, true);
            if (!(0, util_1.isObject)(val)) {
              markup += this._val(val) + this._endLine(options2);
            } else if ((0, util_1.isEmpty)(val)) {
              markup += '""' + this._endLine(options2);
            } else {
              markup += this._convertObject(val, options2, level, true);
            }
          }
        } else {
          (0, util_1.forEachObject)(obj, (key, val) => {
            if (suppressIndent) {
              markup += this._key(key);
              suppressIndent = false;
            } else {
              markup += this._beginLine(options2, level) + this._key(key);
            }
            if (!(0, util_1.isObject)(val) && !(0, util_1.isArray)(val)) {
              markup += " " + this._val(val) + this._endLine(options2);
            } else if ((0, util_1.isEmpty)(val)) {
              markup += ' ""' + this._endLine(options2);
            } else {
              markup += this._endLine(options2) + this._convertObject(val, options2, level + 1);
            }
          }, this);
        }
        return markup;
      }
      /**
       * Produces characters to be prepended to a line of string in pretty-print
       * mode.
       *
       * @param options - serialization options
       * @param level - current depth of the XML tree
       * @param isArray - whether this line is an array item
       */
      _beginLine(options2, level, isArray = false) {
        const indentLevel = options2.offset + level + 1;
        const chars = new Array(indentLevel).join(options2.indent);
        if (isArray) {
          return chars.substr(0, chars.length - 2) + "-" + chars.substr(-1, 1);
        } else {
          return chars;
        }
      }
      /**
       * Produces characters to be appended to a line of string in pretty-print
       * mode.
       *
       * @param options - serialization options
       */
      _endLine(options2) {
        return options2.newline;
      }
      /**
       * Produces a YAML key string delimited with double quotes.
       */
      _key(key) {
        return '"' + key + '":';
      }
      /**
       * Produces a YAML value string delimited with double quotes.
       */
      _val(val) {
        return JSON.stringify(val);
      }
    };
    exports2.YAMLWriter = YAMLWriter;
  }
});

// node_modules/xmlbuilder2/lib/writers/index.js
var require_writers = __commonJS({
  "node_modules/xmlbuilder2/lib/writers/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.YAMLWriter = exports2.JSONWriter = exports2.ObjectWriter = exports2.XMLWriter = exports2.MapWriter = void 0;
    var MapWriter_1 = require_MapWriter();
    Object.defineProperty(exports2, "MapWriter", { enumerable: true, get: function() {
      return MapWriter_1.MapWriter;
    } });
    var XMLWriter_1 = require_XMLWriter();
    Object.defineProperty(exports2, "XMLWriter", { enumerable: true, get: function() {
      return XMLWriter_1.XMLWriter;
    } });
    var ObjectWriter_1 = require_ObjectWriter();
    Object.defineProperty(exports2, "ObjectWriter", { enumerable: true, get: function() {
      return ObjectWriter_1.ObjectWriter;
    } });
    var JSONWriter_1 = require_JSONWriter();
    Object.defineProperty(exports2, "JSONWriter", { enumerable: true, get: function() {
      return JSONWriter_1.JSONWriter;
    } });
    var YAMLWriter_1 = require_YAMLWriter();
    Object.defineProperty(exports2, "YAMLWriter", { enumerable: true, get: function() {
      return YAMLWriter_1.YAMLWriter;
    } });
  }
});

// node_modules/@oozcitak/dom/lib/dom/ChildNodeImpl.js
var require_ChildNodeImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/ChildNodeImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.ChildNodeImpl = void 0;
    var util_1 = require_util();
    var algorithm_1 = require_algorithm();
    var ChildNodeImpl = class {
      /** @inheritdoc */
      before(...nodes) {
        const context = util_1.Cast.asNode(this);
        const parent = context._parent;
        if (parent === null)
          return;
        let viablePreviousSibling = context._previousSibling;
        let flag = true;
        while (flag && viablePreviousSibling) {
          flag = false;
          for (let i = 0; i < nodes.length; i++) {
            const child = nodes[i];
            if (child === viablePreviousSibling) {
              viablePreviousSibling = viablePreviousSibling._previousSibling;
              flag = true;
              break;
            }
          }
        }
        const node = (0, algorithm_1.parentNode_convertNodesIntoANode)(nodes, context._nodeDocument);
        if (viablePreviousSibling === null)
          viablePreviousSibling = parent._firstChild;
        else
          viablePreviousSibling = viablePreviousSibling._nextSibling;
        (0, algorithm_1.mutation_preInsert)(node, parent, viablePreviousSibling);
      }
      /** @inheritdoc */
      after(...nodes) {
        const context = util_1.Cast.asNode(this);
        const parent = context._parent;
        if (!parent)
          return;
        let viableNextSibling = context._nextSibling;
        let flag = true;
        while (flag && viableNextSibling) {
          flag = false;
          for (let i = 0; i < nodes.length; i++) {
            const child = nodes[i];
            if (child === viableNextSibling) {
              viableNextSibling = viableNextSibling._nextSibling;
              flag = true;
              break;
            }
          }
        }
        const node = (0, algorithm_1.parentNode_convertNodesIntoANode)(nodes, context._nodeDocument);
        (0, algorithm_1.mutation_preInsert)(node, parent, viableNextSibling);
      }
      /** @inheritdoc */
      replaceWith(...nodes) {
        const context = util_1.Cast.asNode(this);
        const parent = context._parent;
        if (!parent)
          return;
        let viableNextSibling = context._nextSibling;
        let flag = true;
        while (flag && viableNextSibling) {
          flag = false;
          for (let i = 0; i < nodes.length; i++) {
            const child = nodes[i];
            if (child === viableNextSibling) {
              viableNextSibling = viableNextSibling._nextSibling;
              flag = true;
              break;
            }
          }
        }
        const node = (0, algorithm_1.parentNode_convertNodesIntoANode)(nodes, context._nodeDocument);
        if (context._parent === parent)
          (0, algorithm_1.mutation_replace)(context, node, parent);
        else
          (0, algorithm_1.mutation_preInsert)(node, parent, viableNextSibling);
      }
      /** @inheritdoc */
      remove() {
        const context = util_1.Cast.asNode(this);
        const parent = context._parent;
        if (!parent)
          return;
        (0, algorithm_1.mutation_remove)(context, parent);
      }
    };
    exports2.ChildNodeImpl = ChildNodeImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/DocumentOrShadowRootImpl.js
var require_DocumentOrShadowRootImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/DocumentOrShadowRootImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.DocumentOrShadowRootImpl = void 0;
    var DocumentOrShadowRootImpl = class {
    };
    exports2.DocumentOrShadowRootImpl = DocumentOrShadowRootImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/MutationObserverImpl.js
var require_MutationObserverImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/MutationObserverImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.MutationObserverImpl = void 0;
    var DOMImpl_1 = require_DOMImpl();
    var util_1 = require_util();
    var infra_1 = require_lib2();
    var MutationObserverImpl = class {
      _callback;
      _nodeList = [];
      _recordQueue = [];
      /**
       * Initializes a new instance of `MutationObserver`.
       *
       * @param callback - the callback function
       */
      constructor(callback) {
        this._callback = callback;
        const window = DOMImpl_1.dom.window;
        infra_1.set.append(window._mutationObservers, this);
      }
      /** @inheritdoc */
      observe(target, options2) {
        options2 = options2 || {
          childList: false,
          subtree: false
        };
        if ((options2.attributeOldValue !== void 0 || options2.attributeFilter !== void 0) && options2.attributes === void 0) {
          options2.attributes = true;
        }
        if (options2.characterDataOldValue !== void 0 && options2.characterData === void 0) {
          options2.characterData = true;
        }
        if (!options2.childList && !options2.attributes && !options2.characterData) {
          throw new TypeError();
        }
        if (options2.attributeOldValue && !options2.attributes) {
          throw new TypeError();
        }
        if (options2.attributeFilter !== void 0 && !options2.attributes) {
          throw new TypeError();
        }
        if (options2.characterDataOldValue && !options2.characterData) {
          throw new TypeError();
        }
        let isRegistered = false;
        const coptions = options2;
        for (const registered of target._registeredObserverList) {
          if (registered.observer === this) {
            isRegistered = true;
            for (const node of this._nodeList) {
              infra_1.list.remove(node._registeredObserverList, (ob) => util_1.Guard.isTransientRegisteredObserver(ob) && ob.source === registered);
            }
            registered.options = coptions;
          }
        }
        if (!isRegistered) {
          target._registeredObserverList.push({ observer: this, options: options2 });
          this._nodeList.push(target);
        }
      }
      /** @inheritdoc */
      disconnect() {
        for (const node of this._nodeList) {
          infra_1.list.remove(node._registeredObserverList, (ob) => ob.observer === this);
        }
        this._recordQueue = [];
      }
      /** @inheritdoc */
      takeRecords() {
        const records = this._recordQueue;
        this._recordQueue = [];
        return records;
      }
    };
    exports2.MutationObserverImpl = MutationObserverImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/NonDocumentTypeChildNodeImpl.js
var require_NonDocumentTypeChildNodeImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/NonDocumentTypeChildNodeImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.NonDocumentTypeChildNodeImpl = void 0;
    var util_1 = require_util();
    var NonDocumentTypeChildNodeImpl = class {
      /** @inheritdoc */
      get previousElementSibling() {
        let node = util_1.Cast.asNode(this)._previousSibling;
        while (node) {
          if (util_1.Guard.isElementNode(node))
            return node;
          else
            node = node._previousSibling;
        }
        return null;
      }
      /** @inheritdoc */
      get nextElementSibling() {
        let node = util_1.Cast.asNode(this)._nextSibling;
        while (node) {
          if (util_1.Guard.isElementNode(node))
            return node;
          else
            node = node._nextSibling;
        }
        return null;
      }
    };
    exports2.NonDocumentTypeChildNodeImpl = NonDocumentTypeChildNodeImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/NonElementParentNodeImpl.js
var require_NonElementParentNodeImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/NonElementParentNodeImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.NonElementParentNodeImpl = void 0;
    var util_1 = require_util();
    var algorithm_1 = require_algorithm();
    var NonElementParentNodeImpl = class {
      /** @inheritdoc */
      getElementById(id) {
        let ele = (0, algorithm_1.tree_getFirstDescendantNode)(util_1.Cast.asNode(this), false, false, (e) => util_1.Guard.isElementNode(e));
        while (ele !== null) {
          if (ele._uniqueIdentifier === id) {
            return ele;
          }
          ele = (0, algorithm_1.tree_getNextDescendantNode)(util_1.Cast.asNode(this), ele, false, false, (e) => util_1.Guard.isElementNode(e));
        }
        return null;
      }
    };
    exports2.NonElementParentNodeImpl = NonElementParentNodeImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/ParentNodeImpl.js
var require_ParentNodeImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/ParentNodeImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.ParentNodeImpl = void 0;
    var util_1 = require_util();
    var algorithm_1 = require_algorithm();
    var ParentNodeImpl = class {
      /** @inheritdoc */
      get children() {
        return (0, algorithm_1.create_htmlCollection)(util_1.Cast.asNode(this));
      }
      /** @inheritdoc */
      get firstElementChild() {
        let node = util_1.Cast.asNode(this)._firstChild;
        while (node) {
          if (util_1.Guard.isElementNode(node))
            return node;
          else
            node = node._nextSibling;
        }
        return null;
      }
      /** @inheritdoc */
      get lastElementChild() {
        let node = util_1.Cast.asNode(this)._lastChild;
        while (node) {
          if (util_1.Guard.isElementNode(node))
            return node;
          else
            node = node._previousSibling;
        }
        return null;
      }
      /** @inheritdoc */
      get childElementCount() {
        let count = 0;
        for (const childNode of util_1.Cast.asNode(this)._children) {
          if (util_1.Guard.isElementNode(childNode))
            count++;
        }
        return count;
      }
      /** @inheritdoc */
      prepend(...nodes) {
        const node = util_1.Cast.asNode(this);
        const childNode = (0, algorithm_1.parentNode_convertNodesIntoANode)(nodes, node._nodeDocument);
        (0, algorithm_1.mutation_preInsert)(childNode, node, node._firstChild);
      }
      /** @inheritdoc */
      append(...nodes) {
        const node = util_1.Cast.asNode(this);
        const childNode = (0, algorithm_1.parentNode_convertNodesIntoANode)(nodes, node._nodeDocument);
        (0, algorithm_1.mutation_append)(childNode, node);
      }
      /** @inheritdoc */
      querySelector(selectors) {
        const node = util_1.Cast.asNode(this);
        const result = (0, algorithm_1.selectors_scopeMatchASelectorsString)(selectors, node);
        return result.length === 0 ? null : result[0];
      }
      /** @inheritdoc */
      querySelectorAll(selectors) {
        const node = util_1.Cast.asNode(this);
        const result = (0, algorithm_1.selectors_scopeMatchASelectorsString)(selectors, node);
        return (0, algorithm_1.create_nodeListStatic)(node, result);
      }
    };
    exports2.ParentNodeImpl = ParentNodeImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/SlotableImpl.js
var require_SlotableImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/SlotableImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.SlotableImpl = void 0;
    var algorithm_1 = require_algorithm();
    var SlotableImpl = class {
      __name;
      __assignedSlot;
      get _name() {
        return this.__name || "";
      }
      set _name(val) {
        this.__name = val;
      }
      get _assignedSlot() {
        return this.__assignedSlot || null;
      }
      set _assignedSlot(val) {
        this.__assignedSlot = val;
      }
      /** @inheritdoc */
      get assignedSlot() {
        return (0, algorithm_1.shadowTree_findASlot)(this, true);
      }
    };
    exports2.SlotableImpl = SlotableImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/StaticRangeImpl.js
var require_StaticRangeImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/StaticRangeImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.StaticRangeImpl = void 0;
    var AbstractRangeImpl_1 = require_AbstractRangeImpl();
    var DOMException_1 = require_DOMException();
    var util_1 = require_util();
    var StaticRangeImpl = class extends AbstractRangeImpl_1.AbstractRangeImpl {
      _start;
      _end;
      /**
       * Initializes a new instance of `StaticRange`.
       */
      constructor(init) {
        super();
        if (util_1.Guard.isDocumentTypeNode(init.startContainer) || util_1.Guard.isAttrNode(init.startContainer) || util_1.Guard.isDocumentTypeNode(init.endContainer) || util_1.Guard.isAttrNode(init.endContainer)) {
          throw new DOMException_1.InvalidNodeTypeError();
        }
        this._start = [init.startContainer, init.startOffset];
        this._end = [init.endContainer, init.endOffset];
      }
    };
    exports2.StaticRangeImpl = StaticRangeImpl;
  }
});

// node_modules/@oozcitak/dom/lib/dom/index.js
var require_dom = __commonJS({
  "node_modules/@oozcitak/dom/lib/dom/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.XMLDocument = exports2.Window = exports2.TreeWalker = exports2.Traverser = exports2.Text = exports2.StaticRange = exports2.ShadowRoot = exports2.Range = exports2.ProcessingInstruction = exports2.NodeListStatic = exports2.NodeList = exports2.NodeIterator = exports2.Node = exports2.NodeFilter = exports2.NamedNodeMap = exports2.MutationRecord = exports2.MutationObserver = exports2.HTMLCollection = exports2.EventTarget = exports2.Event = exports2.Element = exports2.DOMTokenList = exports2.DOMImplementation = exports2.dom = exports2.DocumentType = exports2.Document = exports2.DocumentFragment = exports2.CustomEvent = exports2.Comment = exports2.CharacterData = exports2.CDATASection = exports2.Attr = exports2.AbstractRange = exports2.AbortSignal = exports2.AbortController = void 0;
    var util_1 = require_lib();
    var AbortControllerImpl_1 = require_AbortControllerImpl();
    Object.defineProperty(exports2, "AbortController", { enumerable: true, get: function() {
      return AbortControllerImpl_1.AbortControllerImpl;
    } });
    var AbortSignalImpl_1 = require_AbortSignalImpl();
    Object.defineProperty(exports2, "AbortSignal", { enumerable: true, get: function() {
      return AbortSignalImpl_1.AbortSignalImpl;
    } });
    var AbstractRangeImpl_1 = require_AbstractRangeImpl();
    Object.defineProperty(exports2, "AbstractRange", { enumerable: true, get: function() {
      return AbstractRangeImpl_1.AbstractRangeImpl;
    } });
    var AttrImpl_1 = require_AttrImpl();
    Object.defineProperty(exports2, "Attr", { enumerable: true, get: function() {
      return AttrImpl_1.AttrImpl;
    } });
    var CDATASectionImpl_1 = require_CDATASectionImpl();
    Object.defineProperty(exports2, "CDATASection", { enumerable: true, get: function() {
      return CDATASectionImpl_1.CDATASectionImpl;
    } });
    var CharacterDataImpl_1 = require_CharacterDataImpl();
    Object.defineProperty(exports2, "CharacterData", { enumerable: true, get: function() {
      return CharacterDataImpl_1.CharacterDataImpl;
    } });
    var ChildNodeImpl_1 = require_ChildNodeImpl();
    var CommentImpl_1 = require_CommentImpl();
    Object.defineProperty(exports2, "Comment", { enumerable: true, get: function() {
      return CommentImpl_1.CommentImpl;
    } });
    var CustomEventImpl_1 = require_CustomEventImpl();
    Object.defineProperty(exports2, "CustomEvent", { enumerable: true, get: function() {
      return CustomEventImpl_1.CustomEventImpl;
    } });
    var DocumentFragmentImpl_1 = require_DocumentFragmentImpl();
    Object.defineProperty(exports2, "DocumentFragment", { enumerable: true, get: function() {
      return DocumentFragmentImpl_1.DocumentFragmentImpl;
    } });
    var DocumentImpl_1 = require_DocumentImpl();
    Object.defineProperty(exports2, "Document", { enumerable: true, get: function() {
      return DocumentImpl_1.DocumentImpl;
    } });
    var DocumentOrShadowRootImpl_1 = require_DocumentOrShadowRootImpl();
    var DocumentTypeImpl_1 = require_DocumentTypeImpl();
    Object.defineProperty(exports2, "DocumentType", { enumerable: true, get: function() {
      return DocumentTypeImpl_1.DocumentTypeImpl;
    } });
    var DOMImpl_1 = require_DOMImpl();
    Object.defineProperty(exports2, "dom", { enumerable: true, get: function() {
      return DOMImpl_1.dom;
    } });
    var DOMImplementationImpl_1 = require_DOMImplementationImpl();
    Object.defineProperty(exports2, "DOMImplementation", { enumerable: true, get: function() {
      return DOMImplementationImpl_1.DOMImplementationImpl;
    } });
    var DOMTokenListImpl_1 = require_DOMTokenListImpl();
    Object.defineProperty(exports2, "DOMTokenList", { enumerable: true, get: function() {
      return DOMTokenListImpl_1.DOMTokenListImpl;
    } });
    var ElementImpl_1 = require_ElementImpl();
    Object.defineProperty(exports2, "Element", { enumerable: true, get: function() {
      return ElementImpl_1.ElementImpl;
    } });
    var EventImpl_1 = require_EventImpl();
    Object.defineProperty(exports2, "Event", { enumerable: true, get: function() {
      return EventImpl_1.EventImpl;
    } });
    var EventTargetImpl_1 = require_EventTargetImpl();
    Object.defineProperty(exports2, "EventTarget", { enumerable: true, get: function() {
      return EventTargetImpl_1.EventTargetImpl;
    } });
    var HTMLCollectionImpl_1 = require_HTMLCollectionImpl();
    Object.defineProperty(exports2, "HTMLCollection", { enumerable: true, get: function() {
      return HTMLCollectionImpl_1.HTMLCollectionImpl;
    } });
    var MutationObserverImpl_1 = require_MutationObserverImpl();
    Object.defineProperty(exports2, "MutationObserver", { enumerable: true, get: function() {
      return MutationObserverImpl_1.MutationObserverImpl;
    } });
    var MutationRecordImpl_1 = require_MutationRecordImpl();
    Object.defineProperty(exports2, "MutationRecord", { enumerable: true, get: function() {
      return MutationRecordImpl_1.MutationRecordImpl;
    } });
    var NamedNodeMapImpl_1 = require_NamedNodeMapImpl();
    Object.defineProperty(exports2, "NamedNodeMap", { enumerable: true, get: function() {
      return NamedNodeMapImpl_1.NamedNodeMapImpl;
    } });
    var NodeFilterImpl_1 = require_NodeFilterImpl();
    Object.defineProperty(exports2, "NodeFilter", { enumerable: true, get: function() {
      return NodeFilterImpl_1.NodeFilterImpl;
    } });
    var NodeImpl_1 = require_NodeImpl();
    Object.defineProperty(exports2, "Node", { enumerable: true, get: function() {
      return NodeImpl_1.NodeImpl;
    } });
    var NodeIteratorImpl_1 = require_NodeIteratorImpl();
    Object.defineProperty(exports2, "NodeIterator", { enumerable: true, get: function() {
      return NodeIteratorImpl_1.NodeIteratorImpl;
    } });
    var NodeListImpl_1 = require_NodeListImpl();
    Object.defineProperty(exports2, "NodeList", { enumerable: true, get: function() {
      return NodeListImpl_1.NodeListImpl;
    } });
    var NodeListStaticImpl_1 = require_NodeListStaticImpl();
    Object.defineProperty(exports2, "NodeListStatic", { enumerable: true, get: function() {
      return NodeListStaticImpl_1.NodeListStaticImpl;
    } });
    var NonDocumentTypeChildNodeImpl_1 = require_NonDocumentTypeChildNodeImpl();
    var NonElementParentNodeImpl_1 = require_NonElementParentNodeImpl();
    var ParentNodeImpl_1 = require_ParentNodeImpl();
    var ProcessingInstructionImpl_1 = require_ProcessingInstructionImpl();
    Object.defineProperty(exports2, "ProcessingInstruction", { enumerable: true, get: function() {
      return ProcessingInstructionImpl_1.ProcessingInstructionImpl;
    } });
    var RangeImpl_1 = require_RangeImpl();
    Object.defineProperty(exports2, "Range", { enumerable: true, get: function() {
      return RangeImpl_1.RangeImpl;
    } });
    var ShadowRootImpl_1 = require_ShadowRootImpl();
    Object.defineProperty(exports2, "ShadowRoot", { enumerable: true, get: function() {
      return ShadowRootImpl_1.ShadowRootImpl;
    } });
    var SlotableImpl_1 = require_SlotableImpl();
    var StaticRangeImpl_1 = require_StaticRangeImpl();
    Object.defineProperty(exports2, "StaticRange", { enumerable: true, get: function() {
      return StaticRangeImpl_1.StaticRangeImpl;
    } });
    var TextImpl_1 = require_TextImpl();
    Object.defineProperty(exports2, "Text", { enumerable: true, get: function() {
      return TextImpl_1.TextImpl;
    } });
    var TraverserImpl_1 = require_TraverserImpl();
    Object.defineProperty(exports2, "Traverser", { enumerable: true, get: function() {
      return TraverserImpl_1.TraverserImpl;
    } });
    var TreeWalkerImpl_1 = require_TreeWalkerImpl();
    Object.defineProperty(exports2, "TreeWalker", { enumerable: true, get: function() {
      return TreeWalkerImpl_1.TreeWalkerImpl;
    } });
    var WindowImpl_1 = require_WindowImpl();
    Object.defineProperty(exports2, "Window", { enumerable: true, get: function() {
      return WindowImpl_1.WindowImpl;
    } });
    var XMLDocumentImpl_1 = require_XMLDocumentImpl();
    Object.defineProperty(exports2, "XMLDocument", { enumerable: true, get: function() {
      return XMLDocumentImpl_1.XMLDocumentImpl;
    } });
    (0, util_1.applyMixin)(ElementImpl_1.ElementImpl, ChildNodeImpl_1.ChildNodeImpl);
    (0, util_1.applyMixin)(CharacterDataImpl_1.CharacterDataImpl, ChildNodeImpl_1.ChildNodeImpl);
    (0, util_1.applyMixin)(DocumentTypeImpl_1.DocumentTypeImpl, ChildNodeImpl_1.ChildNodeImpl);
    (0, util_1.applyMixin)(DocumentImpl_1.DocumentImpl, DocumentOrShadowRootImpl_1.DocumentOrShadowRootImpl);
    (0, util_1.applyMixin)(ShadowRootImpl_1.ShadowRootImpl, DocumentOrShadowRootImpl_1.DocumentOrShadowRootImpl);
    (0, util_1.applyMixin)(ElementImpl_1.ElementImpl, NonDocumentTypeChildNodeImpl_1.NonDocumentTypeChildNodeImpl);
    (0, util_1.applyMixin)(CharacterDataImpl_1.CharacterDataImpl, NonDocumentTypeChildNodeImpl_1.NonDocumentTypeChildNodeImpl);
    (0, util_1.applyMixin)(DocumentImpl_1.DocumentImpl, NonElementParentNodeImpl_1.NonElementParentNodeImpl);
    (0, util_1.applyMixin)(DocumentFragmentImpl_1.DocumentFragmentImpl, NonElementParentNodeImpl_1.NonElementParentNodeImpl);
    (0, util_1.applyMixin)(DocumentImpl_1.DocumentImpl, ParentNodeImpl_1.ParentNodeImpl);
    (0, util_1.applyMixin)(DocumentFragmentImpl_1.DocumentFragmentImpl, ParentNodeImpl_1.ParentNodeImpl);
    (0, util_1.applyMixin)(ElementImpl_1.ElementImpl, ParentNodeImpl_1.ParentNodeImpl);
    (0, util_1.applyMixin)(TextImpl_1.TextImpl, SlotableImpl_1.SlotableImpl);
    (0, util_1.applyMixin)(ElementImpl_1.ElementImpl, SlotableImpl_1.SlotableImpl);
  }
});

// node_modules/@oozcitak/dom/lib/parser/interfaces.js
var require_interfaces4 = __commonJS({
  "node_modules/@oozcitak/dom/lib/parser/interfaces.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.TokenType = void 0;
    var TokenType;
    (function(TokenType2) {
      TokenType2[TokenType2["EOF"] = 0] = "EOF";
      TokenType2[TokenType2["Declaration"] = 1] = "Declaration";
      TokenType2[TokenType2["DocType"] = 2] = "DocType";
      TokenType2[TokenType2["Element"] = 3] = "Element";
      TokenType2[TokenType2["Text"] = 4] = "Text";
      TokenType2[TokenType2["CDATA"] = 5] = "CDATA";
      TokenType2[TokenType2["PI"] = 6] = "PI";
      TokenType2[TokenType2["Comment"] = 7] = "Comment";
      TokenType2[TokenType2["ClosingTag"] = 8] = "ClosingTag";
    })(TokenType || (exports2.TokenType = TokenType = {}));
  }
});

// node_modules/@oozcitak/dom/lib/parser/XMLStringLexer.js
var require_XMLStringLexer = __commonJS({
  "node_modules/@oozcitak/dom/lib/parser/XMLStringLexer.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.XMLStringLexer = void 0;
    var interfaces_1 = require_interfaces4();
    var XMLStringLexer = class _XMLStringLexer {
      _str;
      _index;
      _length;
      _options = {
        skipWhitespaceOnlyText: false
      };
      err = { line: -1, col: -1, index: -1, str: "" };
      /**
       * Initializes a new instance of `XMLStringLexer`.
       *
       * @param str - the string to tokenize and lex
       * @param options - lexer options
       */
      constructor(str, options2) {
        this._str = str;
        this._index = 0;
        this._length = str.length;
        if (options2) {
          this._options.skipWhitespaceOnlyText = options2.skipWhitespaceOnlyText || false;
        }
      }
      /**
       * Returns the next token.
       */
      nextToken() {
        if (this.eof()) {
          return { type: interfaces_1.TokenType.EOF };
        }
        let token = this.skipIfStartsWith("<") ? this.openBracket() : this.text();
        if (this._options.skipWhitespaceOnlyText) {
          if (token.type === interfaces_1.TokenType.Text && _XMLStringLexer.isWhiteSpaceToken(token)) {
            token = this.nextToken();
          }
        }
        return token;
      }
      /**
       * Branches from an opening bracket (`<`).
       */
      openBracket() {
        if (this.skipIfStartsWith("?")) {
          if (this.skipIfStartsWith("xml")) {
            if (_XMLStringLexer.isSpace(this._str[this._index])) {
              return this.declaration();
            } else {
              this.seek(-3);
              return this.pi();
            }
          } else {
            return this.pi();
          }
        } else if (this.skipIfStartsWith("!")) {
          if (this.skipIfStartsWith("--")) {
            return this.comment();
          } else if (this.skipIfStartsWith("[CDATA[")) {
            return this.cdata();
          } else if (this.skipIfStartsWith("DOCTYPE")) {
            return this.doctype();
          } else {
            this.throwError("Invalid '!' in opening tag.");
          }
        } else if (this.skipIfStartsWith("/")) {
          return this.closeTag();
        } else {
          return this.openTag();
        }
      }
      /**
       * Produces an XML declaration token.
       */
      declaration() {
        let version = "";
        let encoding = "";
        let standalone = "";
        while (!this.eof()) {
          this.skipSpace();
          if (this.skipIfStartsWith("?>")) {
            return { type: interfaces_1.TokenType.Declaration, version, encoding, standalone };
          } else {
            const [attName, attValue] = this.attribute();
            if (attName === "version")
              version = attValue;
            else if (attName === "encoding")
              encoding = attValue;
            else if (attName === "standalone")
              standalone = attValue;
            else
              this.throwError("Invalid attribute name: " + attName);
          }
        }
        this.throwError("Missing declaration end symbol `?>`");
      }
      /**
       * Produces a doc type token.
       */
      doctype() {
        let pubId = "";
        let sysId = "";
        this.skipSpace();
        const name = this.takeUntil2("[", ">", true);
        this.skipSpace();
        if (this.skipIfStartsWith("PUBLIC")) {
          pubId = this.quotedString();
          sysId = this.quotedString();
        } else if (this.skipIfStartsWith("SYSTEM")) {
          sysId = this.quotedString();
        }
        this.skipSpace();
        if (this.skipIfStartsWith("[")) {
          this.skipUntil("]");
          if (!this.skipIfStartsWith("]")) {
            this.throwError("Missing end bracket of DTD internal subset");
          }
        }
        this.skipSpace();
        if (!this.skipIfStartsWith(">")) {
          this.throwError("Missing doctype end symbol `>`");
        }
        return { type: interfaces_1.TokenType.DocType, name, pubId, sysId };
      }
      /**
       * Produces a processing instruction token.
       */
      pi() {
        const target = this.takeUntilStartsWith("?>", true);
        if (this.eof()) {
          this.throwError("Missing processing instruction end symbol `?>`");
        }
        this.skipSpace();
        if (this.skipIfStartsWith("?>")) {
          return { type: interfaces_1.TokenType.PI, target, data: "" };
        }
        const data = this.takeUntilStartsWith("?>");
        if (this.eof()) {
          this.throwError("Missing processing instruction end symbol `?>`");
        }
        this.seek(2);
        return { type: interfaces_1.TokenType.PI, target, data };
      }
      /**
       * Produces a text token.
       *
       */
      text() {
        const data = this.takeUntil("<");
        return { type: interfaces_1.TokenType.Text, data };
      }
      /**
       * Produces a comment token.
       *
       */
      comment() {
        const data = this.takeUntilStartsWith("-->");
        if (this.eof()) {
          this.throwError("Missing comment end symbol `-->`");
        }
        this.seek(3);
        return { type: interfaces_1.TokenType.Comment, data };
      }
      /**
       * Produces a CDATA token.
       *
       */
      cdata() {
        const data = this.takeUntilStartsWith("]]>");
        if (this.eof()) {
          this.throwError("Missing CDATA end symbol `]>`");
        }
        this.seek(3);
        return { type: interfaces_1.TokenType.CDATA, data };
      }
      /**
       * Produces an element token.
       */
      openTag() {
        this.skipSpace();
        const name = this.takeUntil2(">", "/", true);
        this.skipSpace();
        if (this.skipIfStartsWith(">")) {
          return { type: interfaces_1.TokenType.Element, name, attributes: [], selfClosing: false };
        } else if (this.skipIfStartsWith("/>")) {
          return { type: interfaces_1.TokenType.Element, name, attributes: [], selfClosing: true };
        }
        const attributes = [];
        while (!this.eof()) {
          this.skipSpace();
          if (this.skipIfStartsWith(">")) {
            return { type: interfaces_1.TokenType.Element, name, attributes, selfClosing: false };
          } else if (this.skipIfStartsWith("/>")) {
            return { type: interfaces_1.TokenType.Element, name, attributes, selfClosing: true };
          }
          const attr = this.attribute();
          attributes.push(attr);
        }
        this.throwError("Missing opening element tag end symbol `>`");
      }
      /**
       * Produces a closing tag token.
       *
       */
      closeTag() {
        this.skipSpace();
        const name = this.takeUntil(">", true);
        this.skipSpace();
        if (!this.skipIfStartsWith(">")) {
          this.throwError("Missing closing element tag end symbol `>`");
        }
        return { type: interfaces_1.TokenType.ClosingTag, name };
      }
      /**
       * Reads an attribute name, value pair
       */
      attribute() {
        this.skipSpace();
        const name = this.takeUntil("=", true);
        this.skipSpace();
        if (!this.skipIfStartsWith("=")) {
          this.throwError("Missing equals sign before attribute value");
        }
        const value = this.quotedString();
        return [name, value];
      }
      /**
       * Reads a string between double or single quotes.
       */
      quotedString() {
        this.skipSpace();
        const startQuote = this.take(1);
        if (!_XMLStringLexer.isQuote(startQuote)) {
          this.throwError("Missing start quote character before quoted value");
        }
        const value = this.takeUntil(startQuote);
        if (!this.skipIfStartsWith(startQuote)) {
          this.throwError("Missing end quote character after quoted value");
        }
        return value;
      }
      /**
       * Determines if the current index is at or past the end of input string.
       */
      eof() {
        return this._index >= this._length;
      }
      /**
       * Skips the length of the given string if the string from current position
       * starts with the given string.
       *
       * @param str - the string to match
       */
      skipIfStartsWith(str) {
        const strLength = str.length;
        if (strLength === 1) {
          if (this._str[this._index] === str) {
            this._index++;
            return true;
          } else {
            return false;
          }
        }
        for (let i = 0; i < strLength; i++) {
          if (this._str[this._index + i] !== str[i])
            return false;
        }
        this._index += strLength;
        return true;
      }
      /**
       * Seeks a number of character codes.
       *
       * @param count - number of characters to skip
       */
      seek(count) {
        this._index += count;
        if (this._index < 0)
          this._index = 0;
        if (this._index > this._length)
          this._index = this._length;
      }
      /**
       * Skips space characters.
       */
      skipSpace() {
        while (!this.eof() && _XMLStringLexer.isSpace(this._str[this._index])) {
          this._index++;
        }
      }
      /**
       * Takes a given number of characters.
       *
       * @param count - character count
       */
      take(count) {
        if (count === 1) {
          return this._str[this._index++];
        }
        const startIndex = this._index;
        this.seek(count);
        return this._str.slice(startIndex, this._index);
      }
      /**
       * Takes characters until the next character matches `char`.
       *
       * @param char - a character to match
       * @param space - whether a space character stops iteration
       */
      takeUntil(char, space = false) {
        const startIndex = this._index;
        while (this._index < this._length) {
          const c = this._str[this._index];
          if (c !== char && (!space || !_XMLStringLexer.isSpace(c))) {
            this._index++;
          } else {
            break;
          }
        }
        return this._str.slice(startIndex, this._index);
      }
      /**
       * Takes characters until the next character matches `char1` or `char1`.
       *
       * @param char1 - a character to match
       * @param char2 - a character to match
       * @param space - whether a space character stops iteration
       */
      takeUntil2(char1, char2, space = false) {
        const startIndex = this._index;
        while (this._index < this._length) {
          const c = this._str[this._index];
          if (c !== char1 && c !== char2 && (!space || !_XMLStringLexer.isSpace(c))) {
            this._index++;
          } else {
            break;
          }
        }
        return this._str.slice(startIndex, this._index);
      }
      /**
       * Takes characters until the next characters matches `str`.
       *
       * @param str - a string to match
       * @param space - whether a space character stops iteration
       */
      takeUntilStartsWith(str, space = false) {
        const startIndex = this._index;
        const strLength = str.length;
        while (this._index < this._length) {
          let match = true;
          for (let i = 0; i < strLength; i++) {
            const c = this._str[this._index + i];
            const char = str[i];
            if (space && _XMLStringLexer.isSpace(c)) {
              return this._str.slice(startIndex, this._index);
            } else if (c !== char) {
              this._index++;
              match = false;
              break;
            }
          }
          if (match)
            return this._str.slice(startIndex, this._index);
        }
        this._index = this._length;
        return this._str.slice(startIndex);
      }
      /**
       * Skips characters until the next character matches `char`.
       *
       * @param char - a character to match
       */
      skipUntil(char) {
        while (this._index < this._length) {
          const c = this._str[this._index];
          if (c !== char) {
            this._index++;
          } else {
            break;
          }
        }
      }
      /**
       * Determines if the given token is entirely whitespace.
       *
       * @param token - the token to check
       */
      static isWhiteSpaceToken(token) {
        const str = token.data;
        for (let i = 0; i < str.length; i++) {
          const c = str[i];
          if (c !== " " && c !== "\n" && c !== "\r" && c !== "	" && c !== "\f")
            return false;
        }
        return true;
      }
      /**
       * Determines if the given character is whitespace.
       *
       * @param char - the character to check
       */
      static isSpace(char) {
        return char === " " || char === "\n" || char === "\r" || char === "	";
      }
      /**
       * Determines if the given character is a quote character.
       *
       * @param char - the character to check
       */
      static isQuote(char) {
        return char === '"' || char === "'";
      }
      /**
       * Throws a parser error and records the line and column numbers in the parsed
       * string.
       *
       * @param msg - error message
       */
      throwError(msg) {
        const regexp = /\r\n|\r|\n/g;
        let match = null;
        let line = 0;
        let firstNewLineIndex = 0;
        let lastNewlineIndex = this._str.length;
        while ((match = regexp.exec(this._str)) !== null) {
          if (match === null)
            break;
          line++;
          if (match.index < this._index)
            firstNewLineIndex = regexp.lastIndex;
          if (match.index > this._index) {
            lastNewlineIndex = match.index;
            break;
          }
        }
        this.err = {
          line,
          col: this._index - firstNewLineIndex,
          index: this._index,
          str: this._str.substring(firstNewLineIndex, lastNewlineIndex)
        };
        throw new Error(msg + "\nIndex: " + this.err.index + "\nLn: " + this.err.line + ", Col: " + this.err.col + "\nInput: " + this.err.str);
      }
      /**
       * Returns an iterator for the lexer.
       */
      [Symbol.iterator]() {
        this._index = 0;
        return {
          next: function() {
            const token = this.nextToken();
            if (token.type === interfaces_1.TokenType.EOF) {
              return { done: true, value: null };
            } else {
              return { done: false, value: token };
            }
          }.bind(this)
        };
      }
    };
    exports2.XMLStringLexer = XMLStringLexer;
  }
});

// node_modules/@oozcitak/dom/lib/parser/XMLParserImpl.js
var require_XMLParserImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/parser/XMLParserImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.XMLParserImpl = void 0;
    var XMLStringLexer_1 = require_XMLStringLexer();
    var interfaces_1 = require_interfaces4();
    var infra_1 = require_lib2();
    var algorithm_1 = require_algorithm();
    var LocalNameSet_1 = require_LocalNameSet();
    var XMLParserImpl = class {
      /**
       * Parses XML content.
       *
       * @param source - a string containing XML content
       */
      parse(source) {
        const lexer = new XMLStringLexer_1.XMLStringLexer(source, { skipWhitespaceOnlyText: true });
        const doc = (0, algorithm_1.create_document)();
        let context = doc;
        let token = lexer.nextToken();
        while (token.type !== interfaces_1.TokenType.EOF) {
          switch (token.type) {
            case interfaces_1.TokenType.Declaration:
              const declaration = token;
              if (declaration.version !== "1.0") {
                throw new Error("Invalid xml version: " + declaration.version);
              }
              break;
            case interfaces_1.TokenType.DocType:
              const doctype = token;
              if (!(0, algorithm_1.xml_isPubidChar)(doctype.pubId)) {
                throw new Error("DocType public identifier does not match PubidChar construct.");
              }
              if (!(0, algorithm_1.xml_isLegalChar)(doctype.sysId) || doctype.sysId.indexOf('"') !== -1 && doctype.sysId.indexOf("'") !== -1) {
                throw new Error("DocType system identifier contains invalid characters.");
              }
              context.appendChild(doc.implementation.createDocumentType(doctype.name, doctype.pubId, doctype.sysId));
              break;
            case interfaces_1.TokenType.CDATA:
              const cdata = token;
              if (!(0, algorithm_1.xml_isLegalChar)(cdata.data) || cdata.data.indexOf("]]>") !== -1) {
                throw new Error("CDATA contains invalid characters.");
              }
              context.appendChild(doc.createCDATASection(cdata.data));
              break;
            case interfaces_1.TokenType.Comment:
              const comment = token;
              if (!(0, algorithm_1.xml_isLegalChar)(comment.data) || comment.data.indexOf("--") !== -1 || comment.data.endsWith("-")) {
                throw new Error("Comment data contains invalid characters.");
              }
              context.appendChild(doc.createComment(comment.data));
              break;
            case interfaces_1.TokenType.PI:
              const pi = token;
              if (pi.target.indexOf(":") !== -1 || /^xml$/i.test(pi.target)) {
                throw new Error("Processing instruction target contains invalid characters.");
              }
              if (!(0, algorithm_1.xml_isLegalChar)(pi.data) || pi.data.indexOf("?>") !== -1) {
                throw new Error("Processing instruction data contains invalid characters.");
              }
              context.appendChild(doc.createProcessingInstruction(pi.target, pi.data));
              break;
            case interfaces_1.TokenType.Text:
              const text = token;
              if (!(0, algorithm_1.xml_isLegalChar)(text.data)) {
                throw new Error("Text data contains invalid characters.");
              }
              context.appendChild(doc.createTextNode(this._decodeText(text.data)));
              break;
            case interfaces_1.TokenType.Element:
              const element = token;
              const [prefix, localName] = (0, algorithm_1.namespace_extractQName)(element.name);
              if (localName.indexOf(":") !== -1 || !(0, algorithm_1.xml_isName)(localName)) {
                throw new Error("Node local name contains invalid characters.");
              }
              if (prefix === "xmlns") {
                throw new Error("An element cannot have the 'xmlns' prefix.");
              }
              let namespace = context.lookupNamespaceURI(prefix);
              const nsDeclarations = {};
              for (const [attName, attValue] of element.attributes) {
                if (attName === "xmlns") {
                  namespace = attValue;
                } else {
                  const [attPrefix, attLocalName] = (0, algorithm_1.namespace_extractQName)(attName);
                  if (attPrefix === "xmlns") {
                    if (attLocalName === prefix) {
                      namespace = attValue;
                    }
                    nsDeclarations[attLocalName] = attValue;
                  }
                }
              }
              const elementNode = namespace !== null ? doc.createElementNS(namespace, element.name) : doc.createElement(element.name);
              context.appendChild(elementNode);
              const localNameSet = new LocalNameSet_1.LocalNameSet();
              for (const [attName, attValue] of element.attributes) {
                const [attPrefix, attLocalName] = (0, algorithm_1.namespace_extractQName)(attName);
                let attNamespace = null;
                if (attPrefix === "xmlns" || attPrefix === null && attLocalName === "xmlns") {
                  attNamespace = infra_1.namespace.XMLNS;
                } else {
                  attNamespace = elementNode.lookupNamespaceURI(attPrefix);
                  if (attNamespace !== null && elementNode.isDefaultNamespace(attNamespace)) {
                    attNamespace = null;
                  } else if (attNamespace === null && attPrefix !== null) {
                    attNamespace = nsDeclarations[attPrefix] || null;
                  }
                }
                if (localNameSet.has(attNamespace, attLocalName)) {
                  throw new Error("Element contains duplicate attributes.");
                }
                localNameSet.set(attNamespace, attLocalName);
                if (attNamespace === infra_1.namespace.XMLNS) {
                  if (attValue === infra_1.namespace.XMLNS) {
                    throw new Error("XMLNS namespace is reserved.");
                  }
                }
                if (attLocalName.indexOf(":") !== -1 || !(0, algorithm_1.xml_isName)(attLocalName)) {
                  throw new Error("Attribute local name contains invalid characters.");
                }
                if (attPrefix === "xmlns" && attValue === "") {
                  throw new Error("Empty XML namespace is not allowed.");
                }
                if (attNamespace !== null)
                  elementNode.setAttributeNS(attNamespace, attName, this._decodeAttributeValue(attValue));
                else
                  elementNode.setAttribute(attName, this._decodeAttributeValue(attValue));
              }
              if (!element.selfClosing) {
                context = elementNode;
              }
              break;
            case interfaces_1.TokenType.ClosingTag:
              const closingTag = token;
              if (closingTag.name !== context.nodeName) {
                throw new Error("Closing tag name does not match opening tag name.");
              }
              if (context._parent) {
                context = context._parent;
              }
              break;
          }
          token = lexer.nextToken();
        }
        return doc;
      }
      /**
       * Decodes serialized text.
       *
       * @param text - text value to serialize
       */
      _decodeText(text) {
        return text == null ? text : text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
      }
      /**
       * Decodes serialized attribute value.
       *
       * @param text - attribute value to serialize
       */
      _decodeAttributeValue(text) {
        return text == null ? text : text.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
      }
    };
    exports2.XMLParserImpl = XMLParserImpl;
  }
});

// node_modules/@oozcitak/dom/lib/parser/DOMParserImpl.js
var require_DOMParserImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/parser/DOMParserImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.DOMParserImpl = void 0;
    var algorithm_1 = require_algorithm();
    var XMLParserImpl_1 = require_XMLParserImpl();
    var DOMParserImpl = class {
      /** @inheritdoc */
      parseFromString(source, mimeType) {
        if (mimeType === "text/html")
          throw new Error("HTML parser not implemented.");
        try {
          const parser = new XMLParserImpl_1.XMLParserImpl();
          const doc = parser.parse(source);
          doc._contentType = mimeType;
          return doc;
        } catch (e) {
          const errorNS = "http://www.mozilla.org/newlayout/xml/parsererror.xml";
          const doc = (0, algorithm_1.create_xmlDocument)();
          const root = doc.createElementNS(errorNS, "parsererror");
          const ele = doc.createElementNS(errorNS, "error");
          ele.setAttribute("message", e.message);
          root.appendChild(ele);
          doc.appendChild(root);
          return doc;
        }
      }
    };
    exports2.DOMParserImpl = DOMParserImpl;
  }
});

// node_modules/@oozcitak/dom/lib/parser/index.js
var require_parser = __commonJS({
  "node_modules/@oozcitak/dom/lib/parser/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.DOMParser = void 0;
    var DOMParserImpl_1 = require_DOMParserImpl();
    Object.defineProperty(exports2, "DOMParser", { enumerable: true, get: function() {
      return DOMParserImpl_1.DOMParserImpl;
    } });
  }
});

// node_modules/@oozcitak/dom/lib/serializer/XMLSerializerImpl.js
var require_XMLSerializerImpl = __commonJS({
  "node_modules/@oozcitak/dom/lib/serializer/XMLSerializerImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.XMLSerializerImpl = void 0;
    var interfaces_1 = require_interfaces2();
    var LocalNameSet_1 = require_LocalNameSet();
    var NamespacePrefixMap_1 = require_NamespacePrefixMap();
    var DOMException_1 = require_DOMException();
    var infra_1 = require_lib2();
    var algorithm_1 = require_algorithm();
    var XMLSerializerImpl = class _XMLSerializerImpl {
      static _VoidElementNames = /* @__PURE__ */ new Set([
        "area",
        "base",
        "basefont",
        "bgsound",
        "br",
        "col",
        "embed",
        "frame",
        "hr",
        "img",
        "input",
        "keygen",
        "link",
        "menuitem",
        "meta",
        "param",
        "source",
        "track",
        "wbr"
      ]);
      /** @inheritdoc */
      serializeToString(root) {
        return this._xmlSerialization(root, false);
      }
      /**
       * Produces an XML serialization of the given node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _xmlSerialization(node, requireWellFormed) {
        if (node._nodeDocument === void 0 || node._nodeDocument._hasNamespaces) {
          const namespace = null;
          const prefixMap = new NamespacePrefixMap_1.NamespacePrefixMap();
          prefixMap.set("xml", infra_1.namespace.XML);
          const prefixIndex = { value: 1 };
          try {
            return this._serializeNodeNS(node, namespace, prefixMap, prefixIndex, requireWellFormed);
          } catch {
            throw new DOMException_1.InvalidStateError();
          }
        } else {
          try {
            return this._serializeNode(node, requireWellFormed);
          } catch {
            throw new DOMException_1.InvalidStateError();
          }
        }
      }
      /**
       * Produces an XML serialization of a node.
       *
       * @param node - node to serialize
       * @param namespace - context namespace
       * @param prefixMap - namespace prefix map
       * @param prefixIndex - generated namespace prefix index
       * @param requireWellFormed - whether to check conformance
       */
      _serializeNodeNS(node, namespace, prefixMap, prefixIndex, requireWellFormed) {
        switch (node.nodeType) {
          case interfaces_1.NodeType.Element:
            return this._serializeElementNS(node, namespace, prefixMap, prefixIndex, requireWellFormed);
          case interfaces_1.NodeType.Document:
            return this._serializeDocumentNS(node, namespace, prefixMap, prefixIndex, requireWellFormed);
          case interfaces_1.NodeType.Comment:
            return this._serializeComment(node, requireWellFormed);
          case interfaces_1.NodeType.Text:
            return this._serializeText(node, requireWellFormed);
          case interfaces_1.NodeType.DocumentFragment:
            return this._serializeDocumentFragmentNS(node, namespace, prefixMap, prefixIndex, requireWellFormed);
          case interfaces_1.NodeType.DocumentType:
            return this._serializeDocumentType(node, requireWellFormed);
          case interfaces_1.NodeType.ProcessingInstruction:
            return this._serializeProcessingInstruction(node, requireWellFormed);
          case interfaces_1.NodeType.CData:
            return this._serializeCData(node, requireWellFormed);
          default:
            throw new Error(`Unknown node type: ${node.nodeType}`);
        }
      }
      /**
       * Produces an XML serialization of a node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeNode(node, requireWellFormed) {
        switch (node.nodeType) {
          case interfaces_1.NodeType.Element:
            return this._serializeElement(node, requireWellFormed);
          case interfaces_1.NodeType.Document:
            return this._serializeDocument(node, requireWellFormed);
          case interfaces_1.NodeType.Comment:
            return this._serializeComment(node, requireWellFormed);
          case interfaces_1.NodeType.Text:
            return this._serializeText(node, requireWellFormed);
          case interfaces_1.NodeType.DocumentFragment:
            return this._serializeDocumentFragment(node, requireWellFormed);
          case interfaces_1.NodeType.DocumentType:
            return this._serializeDocumentType(node, requireWellFormed);
          case interfaces_1.NodeType.ProcessingInstruction:
            return this._serializeProcessingInstruction(node, requireWellFormed);
          case interfaces_1.NodeType.CData:
            return this._serializeCData(node, requireWellFormed);
          default:
            throw new Error(`Unknown node type: ${node.nodeType}`);
        }
      }
      /**
       * Produces an XML serialization of an element node.
       *
       * @param node - node to serialize
       * @param namespace - context namespace
       * @param prefixMap - namespace prefix map
       * @param prefixIndex - generated namespace prefix index
       * @param requireWellFormed - whether to check conformance
       */
      _serializeElementNS(node, namespace, prefixMap, prefixIndex, requireWellFormed) {
        if (requireWellFormed && (node.localName.indexOf(":") !== -1 || !(0, algorithm_1.xml_isName)(node.localName))) {
          throw new Error("Node local name contains invalid characters (well-formed required).");
        }
        let markup = "<";
        let qualifiedName = "";
        let skipEndTag = false;
        let ignoreNamespaceDefinitionAttribute = false;
        let map = prefixMap.copy();
        let localPrefixesMap = {};
        let localDefaultNamespace = this._recordNamespaceInformation(node, map, localPrefixesMap);
        let inheritedNS = namespace;
        let ns = node.namespaceURI;
        if (inheritedNS === ns) {
          if (localDefaultNamespace !== null) {
            ignoreNamespaceDefinitionAttribute = true;
          }
          if (ns === infra_1.namespace.XML) {
            qualifiedName = "xml:" + node.localName;
          } else {
            qualifiedName = node.localName;
          }
          markup += qualifiedName;
        } else {
          let prefix = node.prefix;
          let candidatePrefix = null;
          if (prefix !== null || ns !== localDefaultNamespace) {
            candidatePrefix = map.get(prefix, ns);
          }
          if (prefix === "xmlns") {
            if (requireWellFormed) {
              throw new Error("An element cannot have the 'xmlns' prefix (well-formed required).");
            }
            candidatePrefix = prefix;
          }
          if (candidatePrefix !== null) {
            qualifiedName = candidatePrefix + ":" + node.localName;
            if (localDefaultNamespace !== null && localDefaultNamespace !== infra_1.namespace.XML) {
              inheritedNS = localDefaultNamespace || null;
            }
            markup += qualifiedName;
          } else if (prefix !== null) {
            if (prefix in localPrefixesMap) {
              prefix = this._generatePrefix(ns, map, prefixIndex);
            }
            map.set(prefix, ns);
            qualifiedName += prefix + ":" + node.localName;
            markup += qualifiedName;
            markup += " xmlns:" + prefix + '="' + this._serializeAttributeValue(ns, requireWellFormed) + '"';
            if (localDefaultNamespace !== null) {
              inheritedNS = localDefaultNamespace || null;
            }
          } else if (localDefaultNamespace === null || localDefaultNamespace !== null && localDefaultNamespace !== ns) {
            ignoreNamespaceDefinitionAttribute = true;
            qualifiedName += node.localName;
            inheritedNS = ns;
            markup += qualifiedName;
            markup += ' xmlns="' + this._serializeAttributeValue(ns, requireWellFormed) + '"';
          } else {
            qualifiedName += node.localName;
            inheritedNS = ns;
            markup += qualifiedName;
          }
        }
        markup += this._serializeAttributesNS(node, map, prefixIndex, localPrefixesMap, ignoreNamespaceDefinitionAttribute, requireWellFormed);
        const isHTML = ns === infra_1.namespace.HTML;
        if (isHTML && node.childNodes.length === 0 && _XMLSerializerImpl._VoidElementNames.has(node.localName)) {
          markup += " /";
          skipEndTag = true;
        } else if (!isHTML && node.childNodes.length === 0) {
          markup += "/";
          skipEndTag = true;
        }
        markup += ">";
        if (skipEndTag)
          return markup;
        if (isHTML && node.localName === "template") {
        } else {
          for (const childNode of node._children || node.childNodes) {
            markup += this._serializeNodeNS(childNode, inheritedNS, map, prefixIndex, requireWellFormed);
          }
        }
        markup += "</" + qualifiedName + ">";
        return markup;
      }
      /**
       * Produces an XML serialization of a document node.
       *
       * @param node - node to serialize
       * @param namespace - context namespace
       * @param prefixMap - namespace prefix map
       * @param prefixIndex - generated namespace prefix index
       * @param requireWellFormed - whether to check conformance
       */
      _serializeDocumentNS(node, namespace, prefixMap, prefixIndex, requireWellFormed) {
        if (requireWellFormed && node.documentElement === null) {
          throw new Error("Missing document element (well-formed required).");
        }
        let serializedDocument = "";
        for (const childNode of node._children || node.childNodes) {
          serializedDocument += this._serializeNodeNS(childNode, namespace, prefixMap, prefixIndex, requireWellFormed);
        }
        return serializedDocument;
      }
      /**
       * Produces an XML serialization of a comment node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeComment(node, requireWellFormed) {
        if (requireWellFormed && (!(0, algorithm_1.xml_isLegalChar)(node.data) || node.data.indexOf("--") !== -1 || node.data.endsWith("-"))) {
          throw new Error("Comment data contains invalid characters (well-formed required).");
        }
        return "<!--" + node.data + "-->";
      }
      /**
       * Produces an XML serialization of a text node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       * @param level - current depth of the XML tree
       */
      _serializeText(node, requireWellFormed) {
        if (requireWellFormed && !(0, algorithm_1.xml_isLegalChar)(node.data)) {
          throw new Error("Text data contains invalid characters (well-formed required).");
        }
        let result = "";
        for (let i = 0; i < node.data.length; i++) {
          const c = node.data[i];
          if (c === "&")
            result += "&amp;";
          else if (c === "<")
            result += "&lt;";
          else if (c === ">")
            result += "&gt;";
          else
            result += c;
        }
        return result;
      }
      /**
       * Produces an XML serialization of a document fragment node.
       *
       * @param node - node to serialize
       * @param namespace - context namespace
       * @param prefixMap - namespace prefix map
       * @param prefixIndex - generated namespace prefix index
       * @param requireWellFormed - whether to check conformance
       */
      _serializeDocumentFragmentNS(node, namespace, prefixMap, prefixIndex, requireWellFormed) {
        let markup = "";
        for (const childNode of node._children || node.childNodes) {
          markup += this._serializeNodeNS(childNode, namespace, prefixMap, prefixIndex, requireWellFormed);
        }
        return markup;
      }
      /**
       * Produces an XML serialization of a document type node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeDocumentType(node, requireWellFormed) {
        if (requireWellFormed && !(0, algorithm_1.xml_isPubidChar)(node.publicId)) {
          throw new Error("DocType public identifier does not match PubidChar construct (well-formed required).");
        }
        if (requireWellFormed && (!(0, algorithm_1.xml_isLegalChar)(node.systemId) || node.systemId.indexOf('"') !== -1 && node.systemId.indexOf("'") !== -1)) {
          throw new Error("DocType system identifier contains invalid characters (well-formed required).");
        }
        return node.publicId && node.systemId ? "<!DOCTYPE " + node.name + ' PUBLIC "' + node.publicId + '" "' + node.systemId + '">' : node.publicId ? "<!DOCTYPE " + node.name + ' PUBLIC "' + node.publicId + '">' : node.systemId ? "<!DOCTYPE " + node.name + ' SYSTEM "' + node.systemId + '">' : "<!DOCTYPE " + node.name + ">";
      }
      /**
       * Produces an XML serialization of a processing instruction node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeProcessingInstruction(node, requireWellFormed) {
        if (requireWellFormed && (node.target.indexOf(":") !== -1 || /^xml$/i.test(node.target))) {
          throw new Error("Processing instruction target contains invalid characters (well-formed required).");
        }
        if (requireWellFormed && (!(0, algorithm_1.xml_isLegalChar)(node.data) || node.data.indexOf("?>") !== -1)) {
          throw new Error("Processing instruction data contains invalid characters (well-formed required).");
        }
        return "<?" + (node.data === "" ? node.target : node.target + " " + node.data) + "?>";
      }
      /**
       * Produces an XML serialization of a CDATA node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeCData(node, requireWellFormed) {
        if (requireWellFormed && node.data.indexOf("]]>") !== -1) {
          throw new Error("CDATA contains invalid characters (well-formed required).");
        }
        return "<![CDATA[" + node.data + "]]>";
      }
      /**
      * Produces an XML serialization of the attributes of an element node.
      *
       * @param node - node to serialize
       * @param map - namespace prefix map
       * @param prefixIndex - generated namespace prefix index
       * @param localPrefixesMap - local prefixes map
       * @param ignoreNamespaceDefinitionAttribute - whether to ignore namespace
       * attributes
       * @param requireWellFormed - whether to check conformance
      */
      _serializeAttributesNS(node, map, prefixIndex, localPrefixesMap, ignoreNamespaceDefinitionAttribute, requireWellFormed) {
        let result = "";
        const localNameSet = requireWellFormed ? new LocalNameSet_1.LocalNameSet() : void 0;
        for (const attr of node.attributes) {
          if (!ignoreNamespaceDefinitionAttribute && !requireWellFormed && attr.namespaceURI === null) {
            result += " " + attr.localName + '="' + this._serializeAttributeValue(attr.value, requireWellFormed) + '"';
            continue;
          }
          if (requireWellFormed && localNameSet && localNameSet.has(attr.namespaceURI, attr.localName)) {
            throw new Error("Element contains duplicate attributes (well-formed required).");
          }
          if (requireWellFormed && localNameSet)
            localNameSet.set(attr.namespaceURI, attr.localName);
          let attributeNamespace = attr.namespaceURI;
          let candidatePrefix = null;
          if (attributeNamespace !== null) {
            candidatePrefix = map.get(attr.prefix, attributeNamespace);
            if (attributeNamespace === infra_1.namespace.XMLNS) {
              if (attr.value === infra_1.namespace.XML || attr.prefix === null && ignoreNamespaceDefinitionAttribute || attr.prefix !== null && (!(attr.localName in localPrefixesMap) || localPrefixesMap[attr.localName] !== attr.value) && map.has(attr.localName, attr.value))
                continue;
              if (requireWellFormed && attr.value === infra_1.namespace.XMLNS) {
                throw new Error("XMLNS namespace is reserved (well-formed required).");
              }
              if (requireWellFormed && attr.value === "") {
                throw new Error("Namespace prefix declarations cannot be used to undeclare a namespace (well-formed required).");
              }
              if (attr.prefix === "xmlns")
                candidatePrefix = "xmlns";
            } else if (candidatePrefix === null) {
              if (attr.prefix !== null && (!map.hasPrefix(attr.prefix) || map.has(attr.prefix, attributeNamespace))) {
                candidatePrefix = attr.prefix;
              } else {
                candidatePrefix = this._generatePrefix(attributeNamespace, map, prefixIndex);
              }
              result += " xmlns:" + candidatePrefix + '="' + this._serializeAttributeValue(attributeNamespace, requireWellFormed) + '"';
            }
          }
          result += " ";
          if (candidatePrefix !== null) {
            result += candidatePrefix + ":";
          }
          if (requireWellFormed && (attr.localName.indexOf(":") !== -1 || !(0, algorithm_1.xml_isName)(attr.localName) || attr.localName === "xmlns" && attributeNamespace === null)) {
            throw new Error("Attribute local name contains invalid characters (well-formed required).");
          }
          result += attr.localName + '="' + this._serializeAttributeValue(attr.value, requireWellFormed) + '"';
        }
        return result;
      }
      /**
      * Records namespace information for the given element and returns the
      * default namespace attribute value.
      *
      * @param node - element node to process
      * @param map - namespace prefix map
      * @param localPrefixesMap - local prefixes map
      */
      _recordNamespaceInformation(node, map, localPrefixesMap) {
        let defaultNamespaceAttrValue = null;
        for (const attr of node.attributes) {
          let attributeNamespace = attr.namespaceURI;
          let attributePrefix = attr.prefix;
          if (attributeNamespace === infra_1.namespace.XMLNS) {
            if (attributePrefix === null) {
              defaultNamespaceAttrValue = attr.value;
              continue;
            } else {
              let prefixDefinition = attr.localName;
              let namespaceDefinition = attr.value;
              if (namespaceDefinition === infra_1.namespace.XML) {
                continue;
              }
              if (namespaceDefinition === "") {
                namespaceDefinition = null;
              }
              if (map.has(prefixDefinition, namespaceDefinition)) {
                continue;
              }
              map.set(prefixDefinition, namespaceDefinition);
              localPrefixesMap[prefixDefinition] = namespaceDefinition || "";
            }
          }
        }
        return defaultNamespaceAttrValue;
      }
      /**
      * Generates a new prefix for the given namespace.
      *
      * @param newNamespace - a namespace to generate prefix for
      * @param prefixMap - namespace prefix map
      * @param prefixIndex - generated namespace prefix index
      */
      _generatePrefix(newNamespace, prefixMap, prefixIndex) {
        let generatedPrefix = "ns" + prefixIndex.value;
        prefixIndex.value++;
        prefixMap.set(generatedPrefix, newNamespace);
        return generatedPrefix;
      }
      /**
       * Produces an XML serialization of an attribute value.
       *
       * @param value - attribute value
       * @param requireWellFormed - whether to check conformance
       */
      _serializeAttributeValue(value, requireWellFormed) {
        if (requireWellFormed && value !== null && !(0, algorithm_1.xml_isLegalChar)(value)) {
          throw new Error("Invalid characters in attribute value.");
        }
        if (value === null)
          return "";
        let result = "";
        for (let i = 0; i < value.length; i++) {
          const c = value[i];
          if (c === '"')
            result += "&quot;";
          else if (c === "&")
            result += "&amp;";
          else if (c === "<")
            result += "&lt;";
          else if (c === ">")
            result += "&gt;";
          else
            result += c;
        }
        return result;
      }
      /**
       * Produces an XML serialization of an element node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeElement(node, requireWellFormed) {
        if (requireWellFormed && (node.localName.indexOf(":") !== -1 || !(0, algorithm_1.xml_isName)(node.localName))) {
          throw new Error("Node local name contains invalid characters (well-formed required).");
        }
        let skipEndTag = false;
        const qualifiedName = node.localName;
        let markup = "<" + qualifiedName;
        markup += this._serializeAttributes(node, requireWellFormed);
        if (node._children.size === 0) {
          markup += "/";
          skipEndTag = true;
        }
        markup += ">";
        if (skipEndTag)
          return markup;
        for (const childNode of node._children) {
          markup += this._serializeNode(childNode, requireWellFormed);
        }
        markup += "</" + qualifiedName + ">";
        return markup;
      }
      /**
       * Produces an XML serialization of a document node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeDocument(node, requireWellFormed) {
        if (requireWellFormed && node.documentElement === null) {
          throw new Error("Missing document element (well-formed required).");
        }
        let serializedDocument = "";
        for (const childNode of node._children) {
          serializedDocument += this._serializeNode(childNode, requireWellFormed);
        }
        return serializedDocument;
      }
      /**
       * Produces an XML serialization of a document fragment node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeDocumentFragment(node, requireWellFormed) {
        let markup = "";
        for (const childNode of node._children) {
          markup += this._serializeNode(childNode, requireWellFormed);
        }
        return markup;
      }
      /**
       * Produces an XML serialization of the attributes of an element node.
       *
       * @param node - node to serialize
       * @param requireWellFormed - whether to check conformance
       */
      _serializeAttributes(node, requireWellFormed) {
        let result = "";
        const localNameSet = requireWellFormed ? {} : void 0;
        for (const attr of node.attributes) {
          if (requireWellFormed && localNameSet && attr.localName in localNameSet) {
            throw new Error("Element contains duplicate attributes (well-formed required).");
          }
          if (requireWellFormed && localNameSet)
            localNameSet[attr.localName] = true;
          if (requireWellFormed && (attr.localName.indexOf(":") !== -1 || !(0, algorithm_1.xml_isName)(attr.localName))) {
            throw new Error("Attribute local name contains invalid characters (well-formed required).");
          }
          result += " " + attr.localName + '="' + this._serializeAttributeValue(attr.value, requireWellFormed) + '"';
        }
        return result;
      }
    };
    exports2.XMLSerializerImpl = XMLSerializerImpl;
  }
});

// node_modules/@oozcitak/dom/lib/serializer/index.js
var require_serializer = __commonJS({
  "node_modules/@oozcitak/dom/lib/serializer/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.XMLSerializer = void 0;
    var XMLSerializerImpl_1 = require_XMLSerializerImpl();
    Object.defineProperty(exports2, "XMLSerializer", { enumerable: true, get: function() {
      return XMLSerializerImpl_1.XMLSerializerImpl;
    } });
  }
});

// node_modules/@oozcitak/dom/lib/index.js
var require_lib3 = __commonJS({
  "node_modules/@oozcitak/dom/lib/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.XMLSerializer = exports2.DOMParser = exports2.DOMImplementation = void 0;
    var dom_1 = require_dom();
    dom_1.dom.setFeatures(true);
    var dom_2 = require_dom();
    Object.defineProperty(exports2, "DOMImplementation", { enumerable: true, get: function() {
      return dom_2.DOMImplementation;
    } });
    var parser_1 = require_parser();
    Object.defineProperty(exports2, "DOMParser", { enumerable: true, get: function() {
      return parser_1.DOMParser;
    } });
    var serializer_1 = require_serializer();
    Object.defineProperty(exports2, "XMLSerializer", { enumerable: true, get: function() {
      return serializer_1.XMLSerializer;
    } });
  }
});

// node_modules/xmlbuilder2/lib/builder/dom.js
var require_dom2 = __commonJS({
  "node_modules/xmlbuilder2/lib/builder/dom.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.createDocument = createDocument;
    exports2.sanitizeInput = sanitizeInput;
    var dom_1 = require_lib3();
    var dom_2 = require_dom();
    var util_1 = require_lib();
    dom_2.dom.setFeatures(false);
    function createDocument() {
      const impl = new dom_1.DOMImplementation();
      const doc = impl.createDocument(null, "root", null);
      if (doc.documentElement) {
        doc.removeChild(doc.documentElement);
      }
      return doc;
    }
    function sanitizeInput(str, replacement) {
      if (str == null) {
        return str;
      } else if (replacement === void 0) {
        return str + "";
      } else {
        let result = "";
        str = str + "";
        for (let i = 0; i < str.length; i++) {
          let n = str.charCodeAt(i);
          if (n === 9 || n === 10 || n === 13 || n >= 32 && n <= 55295 || n >= 57344 && n <= 65533) {
            result += str.charAt(i);
          } else if (n >= 55296 && n <= 56319 && i < str.length - 1) {
            const n2 = str.charCodeAt(i + 1);
            if (n2 >= 56320 && n2 <= 57343) {
              n = (n - 55296) * 1024 + n2 - 56320 + 65536;
              result += String.fromCodePoint(n);
              i++;
            } else {
              result += (0, util_1.isString)(replacement) ? replacement : replacement(str.charAt(i), i, str);
            }
          } else {
            result += (0, util_1.isString)(replacement) ? replacement : replacement(str.charAt(i), i, str);
          }
        }
        return result;
      }
    }
  }
});

// node_modules/xmlbuilder2/lib/readers/BaseReader.js
var require_BaseReader = __commonJS({
  "node_modules/xmlbuilder2/lib/readers/BaseReader.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.BaseReader = void 0;
    var dom_1 = require_dom2();
    var BaseReader = class _BaseReader {
      _builderOptions;
      static _entityTable = {
        "lt": "<",
        "gt": ">",
        "amp": "&",
        "quot": '"',
        "apos": "'"
      };
      /**
       * Initializes a new instance of `BaseReader`.
       *
       * @param builderOptions - XML builder options
       */
      constructor(builderOptions) {
        this._builderOptions = builderOptions;
        if (builderOptions.parser) {
          Object.assign(this, builderOptions.parser);
        }
      }
      _docType(parent, name, publicId, systemId) {
        return parent.dtd({ name, pubID: publicId, sysID: systemId });
      }
      _comment(parent, data) {
        return parent.com(data);
      }
      _text(parent, data) {
        return parent.txt(data);
      }
      _instruction(parent, target, data) {
        return parent.ins(target, data);
      }
      _cdata(parent, data) {
        return parent.dat(data);
      }
      _element(parent, namespace, name) {
        return namespace === void 0 ? parent.ele(name) : parent.ele(namespace, name);
      }
      _attribute(parent, namespace, name, value) {
        return namespace === void 0 ? parent.att(name, value) : parent.att(namespace, name, value);
      }
      _sanitize(str) {
        return (0, dom_1.sanitizeInput)(str, this._builderOptions.invalidCharReplacement);
      }
      /**
       * Decodes serialized text.
       *
       * @param text - text value to serialize
       */
      _decodeText(text) {
        if (text == null)
          return text;
        return text.replace(/&(quot|amp|apos|lt|gt);/g, (_match, tag) => _BaseReader._entityTable[tag]).replace(/&#(?:x([a-fA-F0-9]+)|([0-9]+));/g, (_match, hexStr, numStr) => String.fromCodePoint(parseInt(hexStr || numStr, hexStr ? 16 : 10)));
      }
      /**
       * Decodes serialized attribute value.
       *
       * @param text - attribute value to serialize
       */
      _decodeAttributeValue(text) {
        return this._decodeText(text);
      }
      /**
       * Main parser function which parses the given object and returns an XMLBuilder.
       *
       * @param node - node to recieve parsed content
       * @param obj - object to parse
       */
      parse(node, obj) {
        return this._parse(node, obj);
      }
      /**
       * Creates a DocType node.
       * The node will be skipped if the function returns `undefined`.
       *
       * @param name - node name
       * @param publicId - public identifier
       * @param systemId - system identifier
       */
      docType(parent, name, publicId, systemId) {
        return this._docType(parent, name, publicId, systemId);
      }
      /**
       * Creates a comment node.
       * The node will be skipped if the function returns `undefined`.
       *
       * @param parent - parent node
       * @param data - node data
       */
      comment(parent, data) {
        return this._comment(parent, data);
      }
      /**
       * Creates a text node.
       * The node will be skipped if the function returns `undefined`.
       *
       * @param parent - parent node
       * @param data - node data
       */
      text(parent, data) {
        return this._text(parent, data);
      }
      /**
       * Creates a processing instruction node.
       * The node will be skipped if the function returns `undefined`.
       *
       * @param parent - parent node
       * @param target - instruction target
       * @param data - node data
       */
      instruction(parent, target, data) {
        return this._instruction(parent, target, data);
      }
      /**
       * Creates a CData section node.
       * The node will be skipped if the function returns `undefined`.
       *
       * @param parent - parent node
       * @param data - node data
       */
      cdata(parent, data) {
        return this._cdata(parent, data);
      }
      /**
       * Creates an element node.
       * The node will be skipped if the function returns `undefined`.
       *
       * @param parent - parent node
       * @param namespace - node namespace
       * @param name - node name
       */
      element(parent, namespace, name) {
        return this._element(parent, namespace, name);
      }
      /**
       * Creates an attribute or namespace declaration.
       * The node will be skipped if the function returns `undefined`.
       *
       * @param parent - parent node
       * @param namespace - node namespace
       * @param name - node name
       * @param value - node value
       */
      attribute(parent, namespace, name, value) {
        return this._attribute(parent, namespace, name, value);
      }
      /**
       * Sanitizes input strings.
       *
       * @param str - input string
       */
      sanitize(str) {
        return this._sanitize(str);
      }
    };
    exports2.BaseReader = BaseReader;
  }
});

// node_modules/xmlbuilder2/lib/readers/XMLReader.js
var require_XMLReader = __commonJS({
  "node_modules/xmlbuilder2/lib/readers/XMLReader.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.XMLReader = void 0;
    var XMLStringLexer_1 = require_XMLStringLexer();
    var interfaces_1 = require_interfaces4();
    var interfaces_2 = require_interfaces2();
    var infra_1 = require_lib2();
    var algorithm_1 = require_algorithm();
    var BaseReader_1 = require_BaseReader();
    var XMLReader = class extends BaseReader_1.BaseReader {
      /**
       * Parses the given document representation.
       *
       * @param node - node receive parsed XML nodes
       * @param str - XML document string to parse
       */
      _parse(node, str) {
        const lexer = new XMLStringLexer_1.XMLStringLexer(str, { skipWhitespaceOnlyText: this._builderOptions.skipWhitespaceOnlyText });
        let lastChild = node;
        let context = node;
        let token = lexer.nextToken();
        while (token.type !== interfaces_1.TokenType.EOF) {
          switch (token.type) {
            case interfaces_1.TokenType.Declaration:
              const declaration = token;
              const version = this.sanitize(declaration.version);
              if (version !== "1.0") {
                throw new Error("Invalid xml version: " + version);
              }
              const builderOptions = {
                version
              };
              if (declaration.encoding) {
                builderOptions.encoding = this.sanitize(declaration.encoding);
              }
              if (declaration.standalone) {
                builderOptions.standalone = this.sanitize(declaration.standalone) === "yes";
              }
              context.set(builderOptions);
              break;
            case interfaces_1.TokenType.DocType:
              const doctype = token;
              context = this.docType(context, this.sanitize(doctype.name), this.sanitize(doctype.pubId), this.sanitize(doctype.sysId)) || context;
              break;
            case interfaces_1.TokenType.CDATA:
              const cdata = token;
              context = this.cdata(context, this.sanitize(cdata.data)) || context;
              break;
            case interfaces_1.TokenType.Comment:
              const comment = token;
              context = this.comment(context, this.sanitize(comment.data)) || context;
              break;
            case interfaces_1.TokenType.PI:
              const pi = token;
              context = this.instruction(context, this.sanitize(pi.target), this.sanitize(pi.data)) || context;
              break;
            case interfaces_1.TokenType.Text:
              if (context.node.nodeType === interfaces_2.NodeType.Document)
                break;
              const text = token;
              context = this.text(context, this._decodeText(this.sanitize(text.data))) || context;
              break;
            case interfaces_1.TokenType.Element:
              const element = token;
              const elementName = this.sanitize(element.name);
              const [prefix] = (0, algorithm_1.namespace_extractQName)(elementName);
              let namespace = context.node.lookupNamespaceURI(prefix);
              const nsDeclarations = {};
              for (let [attName, attValue] of element.attributes) {
                attName = this.sanitize(attName);
                attValue = this.sanitize(attValue);
                if (attName === "xmlns") {
                  namespace = attValue;
                } else {
                  const [attPrefix, attLocalName] = (0, algorithm_1.namespace_extractQName)(attName);
                  if (attPrefix === "xmlns") {
                    if (attLocalName === prefix) {
                      namespace = attValue;
                    }
                    nsDeclarations[attLocalName] = attValue;
                  }
                }
              }
              const elementNode = namespace !== null ? this.element(context, namespace, elementName) : this.element(context, void 0, elementName);
              if (elementNode === void 0)
                break;
              if (context.node === node.node)
                lastChild = elementNode;
              for (let [attName, attValue] of element.attributes) {
                attName = this.sanitize(attName);
                attValue = this.sanitize(attValue);
                const [attPrefix, attLocalName] = (0, algorithm_1.namespace_extractQName)(attName);
                let attNamespace = null;
                if (attPrefix === "xmlns" || attPrefix === null && attLocalName === "xmlns") {
                  attNamespace = infra_1.namespace.XMLNS;
                } else {
                  attNamespace = elementNode.node.lookupNamespaceURI(attPrefix);
                  if (attNamespace !== null && elementNode.node.isDefaultNamespace(attNamespace)) {
                    attNamespace = null;
                  } else if (attNamespace === null && attPrefix !== null) {
                    attNamespace = nsDeclarations[attPrefix] || null;
                  }
                }
                if (attNamespace !== null)
                  this.attribute(elementNode, attNamespace, attName, this._decodeAttributeValue(attValue));
                else
                  this.attribute(elementNode, void 0, attName, this._decodeAttributeValue(attValue));
              }
              if (!element.selfClosing) {
                context = elementNode;
              }
              break;
            case interfaces_1.TokenType.ClosingTag:
              if (context.node.parentNode) {
                context = context.up();
              }
              break;
          }
          token = lexer.nextToken();
        }
        return lastChild;
      }
    };
    exports2.XMLReader = XMLReader;
  }
});

// node_modules/xmlbuilder2/lib/readers/ObjectReader.js
var require_ObjectReader = __commonJS({
  "node_modules/xmlbuilder2/lib/readers/ObjectReader.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.ObjectReader = void 0;
    var util_1 = require_lib();
    var BaseReader_1 = require_BaseReader();
    var ObjectReader = class extends BaseReader_1.BaseReader {
      /**
       * Parses the given document representation.
       *
       * @param node - node receive parsed XML nodes
       * @param obj - object to parse
       */
      _parse(node, obj) {
        const options2 = this._builderOptions;
        let lastChild = null;
        if ((0, util_1.isFunction)(obj)) {
          lastChild = this.parse(node, obj.call(this));
        } else if ((0, util_1.isArray)(obj) || (0, util_1.isSet)(obj)) {
          (0, util_1.forEachArray)(obj, (item) => lastChild = this.parse(node, item), this);
        } else if ((0, util_1.isMap)(obj) || (0, util_1.isObject)(obj)) {
          (0, util_1.forEachObject)(obj, (key, val) => {
            if ((0, util_1.isFunction)(val)) {
              val = val.call(this);
            }
            if (!options2.ignoreConverters && key.indexOf(options2.convert.att) === 0) {
              if (key === options2.convert.att) {
                if ((0, util_1.isArray)(val) || (0, util_1.isSet)(val)) {
                  throw new Error("Invalid attribute: " + val.toString() + ". " + node._debugInfo());
                } else {
                  (0, util_1.forEachObject)(val, (attrKey, attrVal) => {
                    lastChild = this.attribute(node, void 0, this.sanitize(attrKey), this._decodeAttributeValue(this.sanitize(attrVal))) || lastChild;
                  });
                }
              } else {
                lastChild = this.attribute(node, void 0, this.sanitize(key.substring(options2.convert.att.length)), this._decodeAttributeValue(this.sanitize(val?.toString()))) || lastChild;
              }
            } else if (!options2.ignoreConverters && key.indexOf(options2.convert.text) === 0) {
              if ((0, util_1.isMap)(val) || (0, util_1.isObject)(val)) {
                lastChild = this.parse(node, val);
              } else {
                lastChild = this.text(node, this._decodeText(this.sanitize(val?.toString()))) || lastChild;
              }
            } else if (!options2.ignoreConverters && key.indexOf(options2.convert.cdata) === 0) {
              if ((0, util_1.isArray)(val) || (0, util_1.isSet)(val)) {
                (0, util_1.forEachArray)(val, (item) => lastChild = this.cdata(node, this.sanitize(item)) || lastChild, this);
              } else {
                lastChild = this.cdata(node, this.sanitize(val?.toString())) || lastChild;
              }
            } else if (!options2.ignoreConverters && key.indexOf(options2.convert.comment) === 0) {
              if ((0, util_1.isArray)(val) || (0, util_1.isSet)(val)) {
                (0, util_1.forEachArray)(val, (item) => lastChild = this.comment(node, this.sanitize(item)) || lastChild, this);
              } else {
                lastChild = this.comment(node, this.sanitize(val?.toString())) || lastChild;
              }
            } else if (!options2.ignoreConverters && key.indexOf(options2.convert.ins) === 0) {
              if ((0, util_1.isString)(val)) {
                const insIndex = val.indexOf(" ");
                const insTarget = insIndex === -1 ? val : val.substr(0, insIndex);
                const insValue = insIndex === -1 ? "" : val.substr(insIndex + 1);
                lastChild = this.instruction(node, this.sanitize(insTarget), this.sanitize(insValue)) || lastChild;
              } else if ((0, util_1.isArray)(val) || (0, util_1.isSet)(val)) {
                (0, util_1.forEachArray)(val, (item) => {
                  const insIndex = item.indexOf(" ");
                  const insTarget = insIndex === -1 ? item : item.substr(0, insIndex);
                  const insValue = insIndex === -1 ? "" : item.substr(insIndex + 1);
                  lastChild = this.instruction(node, this.sanitize(insTarget), this.sanitize(insValue)) || lastChild;
                }, this);
              } else {
                (0, util_1.forEachObject)(val, (insTarget, insValue) => lastChild = this.instruction(node, this.sanitize(insTarget), this.sanitize(insValue)) || lastChild, this);
              }
            } else if (((0, util_1.isArray)(val) || (0, util_1.isSet)(val)) && (0, util_1.isEmpty)(val)) {
            } else if (((0, util_1.isMap)(val) || (0, util_1.isObject)(val)) && (0, util_1.isEmpty)(val)) {
              lastChild = this.element(node, void 0, this.sanitize(key)) || lastChild;
            } else if (!options2.keepNullNodes && val == null) {
            } else if ((0, util_1.isArray)(val) || (0, util_1.isSet)(val)) {
              (0, util_1.forEachArray)(val, (item) => {
                const childNode = {};
                childNode[key] = item;
                lastChild = this.parse(node, childNode);
              }, this);
            } else if ((0, util_1.isMap)(val) || (0, util_1.isObject)(val)) {
              const parent = this.element(node, void 0, this.sanitize(key));
              if (parent) {
                lastChild = parent;
                this.parse(parent, val);
              }
            } else if (val != null && (!(0, util_1.isString)(val) || val !== "")) {
              const parent = this.element(node, void 0, this.sanitize(key));
              if (parent) {
                lastChild = parent;
                this.text(parent, this._decodeText(this.sanitize(val?.toString())));
              }
            } else {
              lastChild = this.element(node, void 0, this.sanitize(key)) || lastChild;
            }
          }, this);
        } else if (!options2.keepNullNodes && obj == null) {
        } else {
          lastChild = this.text(node, this._decodeText(this.sanitize(obj?.toString()))) || lastChild;
        }
        return lastChild || node;
      }
    };
    exports2.ObjectReader = ObjectReader;
  }
});

// node_modules/xmlbuilder2/lib/readers/JSONReader.js
var require_JSONReader = __commonJS({
  "node_modules/xmlbuilder2/lib/readers/JSONReader.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.JSONReader = void 0;
    var ObjectReader_1 = require_ObjectReader();
    var BaseReader_1 = require_BaseReader();
    var JSONReader = class extends BaseReader_1.BaseReader {
      /**
       * Parses the given document representation.
       *
       * @param node - node receive parsed XML nodes
       * @param str - JSON string to parse
       */
      _parse(node, str) {
        return new ObjectReader_1.ObjectReader(this._builderOptions).parse(node, JSON.parse(str));
      }
    };
    exports2.JSONReader = JSONReader;
  }
});

// node_modules/js-yaml/lib/common.js
var require_common = __commonJS({
  "node_modules/js-yaml/lib/common.js"(exports2, module2) {
    "use strict";
    function isNothing(subject) {
      return typeof subject === "undefined" || subject === null;
    }
    function isObject(subject) {
      return typeof subject === "object" && subject !== null;
    }
    function toArray(sequence) {
      if (Array.isArray(sequence)) return sequence;
      else if (isNothing(sequence)) return [];
      return [sequence];
    }
    function extend(target, source) {
      if (source) {
        const sourceKeys = Object.keys(source);
        for (let index = 0, length = sourceKeys.length; index < length; index += 1) {
          const key = sourceKeys[index];
          target[key] = source[key];
        }
      }
      return target;
    }
    function repeat(string, count) {
      let result = "";
      for (let cycle = 0; cycle < count; cycle += 1) {
        result += string;
      }
      return result;
    }
    function isNegativeZero(number) {
      return number === 0 && Number.NEGATIVE_INFINITY === 1 / number;
    }
    module2.exports.isNothing = isNothing;
    module2.exports.isObject = isObject;
    module2.exports.toArray = toArray;
    module2.exports.repeat = repeat;
    module2.exports.isNegativeZero = isNegativeZero;
    module2.exports.extend = extend;
  }
});

// node_modules/js-yaml/lib/exception.js
var require_exception = __commonJS({
  "node_modules/js-yaml/lib/exception.js"(exports2, module2) {
    "use strict";
    function formatError(exception, compact) {
      let where = "";
      const message = exception.reason || "(unknown reason)";
      if (!exception.mark) return message;
      if (exception.mark.name) {
        where += 'in "' + exception.mark.name + '" ';
      }
      where += "(" + (exception.mark.line + 1) + ":" + (exception.mark.column + 1) + ")";
      if (!compact && exception.mark.snippet) {
        where += "\n\n" + exception.mark.snippet;
      }
      return message + " " + where;
    }
    function YAMLException(reason, mark) {
      Error.call(this);
      this.name = "YAMLException";
      this.reason = reason;
      this.mark = mark;
      this.message = formatError(this, false);
      if (Error.captureStackTrace) {
        Error.captureStackTrace(this, this.constructor);
      } else {
        this.stack = new Error().stack || "";
      }
    }
    YAMLException.prototype = Object.create(Error.prototype);
    YAMLException.prototype.constructor = YAMLException;
    YAMLException.prototype.toString = function toString(compact) {
      return this.name + ": " + formatError(this, compact);
    };
    module2.exports = YAMLException;
  }
});

// node_modules/js-yaml/lib/snippet.js
var require_snippet = __commonJS({
  "node_modules/js-yaml/lib/snippet.js"(exports2, module2) {
    "use strict";
    var common = require_common();
    function getLine(buffer, lineStart, lineEnd, position, maxLineLength) {
      let head = "";
      let tail = "";
      const maxHalfLength = Math.floor(maxLineLength / 2) - 1;
      if (position - lineStart > maxHalfLength) {
        head = " ... ";
        lineStart = position - maxHalfLength + head.length;
      }
      if (lineEnd - position > maxHalfLength) {
        tail = " ...";
        lineEnd = position + maxHalfLength - tail.length;
      }
      return {
        str: head + buffer.slice(lineStart, lineEnd).replace(/\t/g, "\u2192") + tail,
        pos: position - lineStart + head.length
        // relative position
      };
    }
    function padStart(string, max) {
      return common.repeat(" ", max - string.length) + string;
    }
    function makeSnippet(mark, options2) {
      options2 = Object.create(options2 || null);
      if (!mark.buffer) return null;
      if (!options2.maxLength) options2.maxLength = 79;
      if (typeof options2.indent !== "number") options2.indent = 1;
      if (typeof options2.linesBefore !== "number") options2.linesBefore = 3;
      if (typeof options2.linesAfter !== "number") options2.linesAfter = 2;
      const re = /\r?\n|\r|\0/g;
      const lineStarts = [0];
      const lineEnds = [];
      let match;
      let foundLineNo = -1;
      while (match = re.exec(mark.buffer)) {
        lineEnds.push(match.index);
        lineStarts.push(match.index + match[0].length);
        if (mark.position <= match.index && foundLineNo < 0) {
          foundLineNo = lineStarts.length - 2;
        }
      }
      if (foundLineNo < 0) foundLineNo = lineStarts.length - 1;
      let result = "";
      const lineNoLength = Math.min(mark.line + options2.linesAfter, lineEnds.length).toString().length;
      const maxLineLength = options2.maxLength - (options2.indent + lineNoLength + 3);
      for (let i = 1; i <= options2.linesBefore; i++) {
        if (foundLineNo - i < 0) break;
        const line2 = getLine(
          mark.buffer,
          lineStarts[foundLineNo - i],
          lineEnds[foundLineNo - i],
          mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo - i]),
          maxLineLength
        );
        result = common.repeat(" ", options2.indent) + padStart((mark.line - i + 1).toString(), lineNoLength) + " | " + line2.str + "\n" + result;
      }
      const line = getLine(mark.buffer, lineStarts[foundLineNo], lineEnds[foundLineNo], mark.position, maxLineLength);
      result += common.repeat(" ", options2.indent) + padStart((mark.line + 1).toString(), lineNoLength) + " | " + line.str + "\n";
      result += common.repeat("-", options2.indent + lineNoLength + 3 + line.pos) + "^\n";
      for (let i = 1; i <= options2.linesAfter; i++) {
        if (foundLineNo + i >= lineEnds.length) break;
        const line2 = getLine(
          mark.buffer,
          lineStarts[foundLineNo + i],
          lineEnds[foundLineNo + i],
          mark.position - (lineStarts[foundLineNo] - lineStarts[foundLineNo + i]),
          maxLineLength
        );
        result += common.repeat(" ", options2.indent) + padStart((mark.line + i + 1).toString(), lineNoLength) + " | " + line2.str + "\n";
      }
      return result.replace(/\n$/, "");
    }
    module2.exports = makeSnippet;
  }
});

// node_modules/js-yaml/lib/type.js
var require_type = __commonJS({
  "node_modules/js-yaml/lib/type.js"(exports2, module2) {
    "use strict";
    var YAMLException = require_exception();
    var TYPE_CONSTRUCTOR_OPTIONS = [
      "kind",
      "multi",
      "resolve",
      "construct",
      "instanceOf",
      "predicate",
      "represent",
      "representName",
      "defaultStyle",
      "styleAliases"
    ];
    var YAML_NODE_KINDS = [
      "scalar",
      "sequence",
      "mapping"
    ];
    function compileStyleAliases(map) {
      const result = {};
      if (map !== null) {
        Object.keys(map).forEach(function(style) {
          map[style].forEach(function(alias) {
            result[String(alias)] = style;
          });
        });
      }
      return result;
    }
    function Type(tag, options2) {
      options2 = options2 || {};
      Object.keys(options2).forEach(function(name) {
        if (TYPE_CONSTRUCTOR_OPTIONS.indexOf(name) === -1) {
          throw new YAMLException('Unknown option "' + name + '" is met in definition of "' + tag + '" YAML type.');
        }
      });
      this.options = options2;
      this.tag = tag;
      this.kind = options2["kind"] || null;
      this.resolve = options2["resolve"] || function() {
        return true;
      };
      this.construct = options2["construct"] || function(data) {
        return data;
      };
      this.instanceOf = options2["instanceOf"] || null;
      this.predicate = options2["predicate"] || null;
      this.represent = options2["represent"] || null;
      this.representName = options2["representName"] || null;
      this.defaultStyle = options2["defaultStyle"] || null;
      this.multi = options2["multi"] || false;
      this.styleAliases = compileStyleAliases(options2["styleAliases"] || null);
      if (YAML_NODE_KINDS.indexOf(this.kind) === -1) {
        throw new YAMLException('Unknown kind "' + this.kind + '" is specified for "' + tag + '" YAML type.');
      }
    }
    module2.exports = Type;
  }
});

// node_modules/js-yaml/lib/schema.js
var require_schema = __commonJS({
  "node_modules/js-yaml/lib/schema.js"(exports2, module2) {
    "use strict";
    var YAMLException = require_exception();
    var Type = require_type();
    function compileList(schema, name) {
      const result = [];
      schema[name].forEach(function(currentType) {
        let newIndex = result.length;
        result.forEach(function(previousType, previousIndex) {
          if (previousType.tag === currentType.tag && previousType.kind === currentType.kind && previousType.multi === currentType.multi) {
            newIndex = previousIndex;
          }
        });
        result[newIndex] = currentType;
      });
      return result;
    }
    function compileMap() {
      const result = {
        scalar: {},
        sequence: {},
        mapping: {},
        fallback: {},
        multi: {
          scalar: [],
          sequence: [],
          mapping: [],
          fallback: []
        }
      };
      function collectType(type) {
        if (type.multi) {
          result.multi[type.kind].push(type);
          result.multi["fallback"].push(type);
        } else {
          result[type.kind][type.tag] = result["fallback"][type.tag] = type;
        }
      }
      for (let index = 0, length = arguments.length; index < length; index += 1) {
        arguments[index].forEach(collectType);
      }
      return result;
    }
    function Schema(definition) {
      return this.extend(definition);
    }
    Schema.prototype.extend = function extend(definition) {
      let implicit = [];
      let explicit = [];
      if (definition instanceof Type) {
        explicit.push(definition);
      } else if (Array.isArray(definition)) {
        explicit = explicit.concat(definition);
      } else if (definition && (Array.isArray(definition.implicit) || Array.isArray(definition.explicit))) {
        if (definition.implicit) implicit = implicit.concat(definition.implicit);
        if (definition.explicit) explicit = explicit.concat(definition.explicit);
      } else {
        throw new YAMLException("Schema.extend argument should be a Type, [ Type ], or a schema definition ({ implicit: [...], explicit: [...] })");
      }
      implicit.forEach(function(type) {
        if (!(type instanceof Type)) {
          throw new YAMLException("Specified list of YAML types (or a single Type object) contains a non-Type object.");
        }
        if (type.loadKind && type.loadKind !== "scalar") {
          throw new YAMLException("There is a non-scalar type in the implicit list of a schema. Implicit resolving of such types is not supported.");
        }
        if (type.multi) {
          throw new YAMLException("There is a multi type in the implicit list of a schema. Multi tags can only be listed as explicit.");
        }
      });
      explicit.forEach(function(type) {
        if (!(type instanceof Type)) {
          throw new YAMLException("Specified list of YAML types (or a single Type object) contains a non-Type object.");
        }
      });
      const result = Object.create(Schema.prototype);
      result.implicit = (this.implicit || []).concat(implicit);
      result.explicit = (this.explicit || []).concat(explicit);
      result.compiledImplicit = compileList(result, "implicit");
      result.compiledExplicit = compileList(result, "explicit");
      result.compiledTypeMap = compileMap(result.compiledImplicit, result.compiledExplicit);
      return result;
    };
    module2.exports = Schema;
  }
});

// node_modules/js-yaml/lib/type/str.js
var require_str = __commonJS({
  "node_modules/js-yaml/lib/type/str.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    module2.exports = new Type("tag:yaml.org,2002:str", {
      kind: "scalar",
      construct: function(data) {
        return data !== null ? data : "";
      }
    });
  }
});

// node_modules/js-yaml/lib/type/seq.js
var require_seq = __commonJS({
  "node_modules/js-yaml/lib/type/seq.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    module2.exports = new Type("tag:yaml.org,2002:seq", {
      kind: "sequence",
      construct: function(data) {
        return data !== null ? data : [];
      }
    });
  }
});

// node_modules/js-yaml/lib/type/map.js
var require_map = __commonJS({
  "node_modules/js-yaml/lib/type/map.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    module2.exports = new Type("tag:yaml.org,2002:map", {
      kind: "mapping",
      construct: function(data) {
        return data !== null ? data : {};
      }
    });
  }
});

// node_modules/js-yaml/lib/schema/failsafe.js
var require_failsafe = __commonJS({
  "node_modules/js-yaml/lib/schema/failsafe.js"(exports2, module2) {
    "use strict";
    var Schema = require_schema();
    module2.exports = new Schema({
      explicit: [
        require_str(),
        require_seq(),
        require_map()
      ]
    });
  }
});

// node_modules/js-yaml/lib/type/null.js
var require_null = __commonJS({
  "node_modules/js-yaml/lib/type/null.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    function resolveYamlNull(data) {
      if (data === null) return true;
      const max = data.length;
      return max === 1 && data === "~" || max === 4 && (data === "null" || data === "Null" || data === "NULL");
    }
    function constructYamlNull() {
      return null;
    }
    function isNull(object) {
      return object === null;
    }
    module2.exports = new Type("tag:yaml.org,2002:null", {
      kind: "scalar",
      resolve: resolveYamlNull,
      construct: constructYamlNull,
      predicate: isNull,
      represent: {
        canonical: function() {
          return "~";
        },
        lowercase: function() {
          return "null";
        },
        uppercase: function() {
          return "NULL";
        },
        camelcase: function() {
          return "Null";
        },
        empty: function() {
          return "";
        }
      },
      defaultStyle: "lowercase"
    });
  }
});

// node_modules/js-yaml/lib/type/bool.js
var require_bool = __commonJS({
  "node_modules/js-yaml/lib/type/bool.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    function resolveYamlBoolean(data) {
      if (data === null) return false;
      const max = data.length;
      return max === 4 && (data === "true" || data === "True" || data === "TRUE") || max === 5 && (data === "false" || data === "False" || data === "FALSE");
    }
    function constructYamlBoolean(data) {
      return data === "true" || data === "True" || data === "TRUE";
    }
    function isBoolean(object) {
      return Object.prototype.toString.call(object) === "[object Boolean]";
    }
    module2.exports = new Type("tag:yaml.org,2002:bool", {
      kind: "scalar",
      resolve: resolveYamlBoolean,
      construct: constructYamlBoolean,
      predicate: isBoolean,
      represent: {
        lowercase: function(object) {
          return object ? "true" : "false";
        },
        uppercase: function(object) {
          return object ? "TRUE" : "FALSE";
        },
        camelcase: function(object) {
          return object ? "True" : "False";
        }
      },
      defaultStyle: "lowercase"
    });
  }
});

// node_modules/js-yaml/lib/type/int.js
var require_int = __commonJS({
  "node_modules/js-yaml/lib/type/int.js"(exports2, module2) {
    "use strict";
    var common = require_common();
    var Type = require_type();
    function isHexCode(c) {
      return c >= 48 && c <= 57 || c >= 65 && c <= 70 || c >= 97 && c <= 102;
    }
    function isOctCode(c) {
      return c >= 48 && c <= 55;
    }
    function isDecCode(c) {
      return c >= 48 && c <= 57;
    }
    function resolveYamlInteger(data) {
      if (data === null) return false;
      const max = data.length;
      let index = 0;
      let hasDigits = false;
      if (!max) return false;
      let ch = data[index];
      if (ch === "-" || ch === "+") {
        ch = data[++index];
      }
      if (ch === "0") {
        if (index + 1 === max) return true;
        ch = data[++index];
        if (ch === "b") {
          index++;
          for (; index < max; index++) {
            ch = data[index];
            if (ch !== "0" && ch !== "1") return false;
            hasDigits = true;
          }
          return hasDigits && isFinite(parseYamlInteger(data));
        }
        if (ch === "x") {
          index++;
          for (; index < max; index++) {
            if (!isHexCode(data.charCodeAt(index))) return false;
            hasDigits = true;
          }
          return hasDigits && isFinite(parseYamlInteger(data));
        }
        if (ch === "o") {
          index++;
          for (; index < max; index++) {
            if (!isOctCode(data.charCodeAt(index))) return false;
            hasDigits = true;
          }
          return hasDigits && isFinite(parseYamlInteger(data));
        }
      }
      for (; index < max; index++) {
        if (!isDecCode(data.charCodeAt(index))) {
          return false;
        }
        hasDigits = true;
      }
      if (!hasDigits) return false;
      return isFinite(parseYamlInteger(data));
    }
    function parseYamlInteger(data) {
      let value = data;
      let sign = 1;
      let ch = value[0];
      if (ch === "-" || ch === "+") {
        if (ch === "-") sign = -1;
        value = value.slice(1);
        ch = value[0];
      }
      if (value === "0") return 0;
      if (ch === "0") {
        if (value[1] === "b") return sign * parseInt(value.slice(2), 2);
        if (value[1] === "x") return sign * parseInt(value.slice(2), 16);
        if (value[1] === "o") return sign * parseInt(value.slice(2), 8);
      }
      return sign * parseInt(value, 10);
    }
    function constructYamlInteger(data) {
      return parseYamlInteger(data);
    }
    function isInteger(object) {
      return Object.prototype.toString.call(object) === "[object Number]" && (object % 1 === 0 && !common.isNegativeZero(object));
    }
    module2.exports = new Type("tag:yaml.org,2002:int", {
      kind: "scalar",
      resolve: resolveYamlInteger,
      construct: constructYamlInteger,
      predicate: isInteger,
      represent: {
        binary: function(obj) {
          return obj >= 0 ? "0b" + obj.toString(2) : "-0b" + obj.toString(2).slice(1);
        },
        octal: function(obj) {
          return obj >= 0 ? "0o" + obj.toString(8) : "-0o" + obj.toString(8).slice(1);
        },
        decimal: function(obj) {
          return obj.toString(10);
        },
        hexadecimal: function(obj) {
          return obj >= 0 ? "0x" + obj.toString(16).toUpperCase() : "-0x" + obj.toString(16).toUpperCase().slice(1);
        }
      },
      defaultStyle: "decimal",
      styleAliases: {
        binary: [2, "bin"],
        octal: [8, "oct"],
        decimal: [10, "dec"],
        hexadecimal: [16, "hex"]
      }
    });
  }
});

// node_modules/js-yaml/lib/type/float.js
var require_float = __commonJS({
  "node_modules/js-yaml/lib/type/float.js"(exports2, module2) {
    "use strict";
    var common = require_common();
    var Type = require_type();
    var YAML_FLOAT_PATTERN = new RegExp(
      // 2.5e4, 2.5 and integers
      "^(?:[-+]?(?:[0-9]+)(?:\\.[0-9]*)?(?:[eE][-+]?[0-9]+)?|\\.[0-9]+(?:[eE][-+]?[0-9]+)?|[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$"
    );
    var YAML_FLOAT_SPECIAL_PATTERN = new RegExp(
      "^(?:[-+]?\\.(?:inf|Inf|INF)|\\.(?:nan|NaN|NAN))$"
    );
    function resolveYamlFloat(data) {
      if (data === null) return false;
      if (!YAML_FLOAT_PATTERN.test(data)) {
        return false;
      }
      if (isFinite(parseFloat(data, 10))) {
        return true;
      }
      return YAML_FLOAT_SPECIAL_PATTERN.test(data);
    }
    function constructYamlFloat(data) {
      let value = data.toLowerCase();
      const sign = value[0] === "-" ? -1 : 1;
      if ("+-".indexOf(value[0]) >= 0) {
        value = value.slice(1);
      }
      if (value === ".inf") {
        return sign === 1 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
      } else if (value === ".nan") {
        return NaN;
      }
      return sign * parseFloat(value, 10);
    }
    var SCIENTIFIC_WITHOUT_DOT = /^[-+]?[0-9]+e/;
    function representYamlFloat(object, style) {
      if (isNaN(object)) {
        switch (style) {
          case "lowercase":
            return ".nan";
          case "uppercase":
            return ".NAN";
          case "camelcase":
            return ".NaN";
        }
      } else if (Number.POSITIVE_INFINITY === object) {
        switch (style) {
          case "lowercase":
            return ".inf";
          case "uppercase":
            return ".INF";
          case "camelcase":
            return ".Inf";
        }
      } else if (Number.NEGATIVE_INFINITY === object) {
        switch (style) {
          case "lowercase":
            return "-.inf";
          case "uppercase":
            return "-.INF";
          case "camelcase":
            return "-.Inf";
        }
      } else if (common.isNegativeZero(object)) {
        return "-0.0";
      }
      const res = object.toString(10);
      return SCIENTIFIC_WITHOUT_DOT.test(res) ? res.replace("e", ".e") : res;
    }
    function isFloat(object) {
      return Object.prototype.toString.call(object) === "[object Number]" && (object % 1 !== 0 || common.isNegativeZero(object));
    }
    module2.exports = new Type("tag:yaml.org,2002:float", {
      kind: "scalar",
      resolve: resolveYamlFloat,
      construct: constructYamlFloat,
      predicate: isFloat,
      represent: representYamlFloat,
      defaultStyle: "lowercase"
    });
  }
});

// node_modules/js-yaml/lib/schema/json.js
var require_json = __commonJS({
  "node_modules/js-yaml/lib/schema/json.js"(exports2, module2) {
    "use strict";
    module2.exports = require_failsafe().extend({
      implicit: [
        require_null(),
        require_bool(),
        require_int(),
        require_float()
      ]
    });
  }
});

// node_modules/js-yaml/lib/schema/core.js
var require_core = __commonJS({
  "node_modules/js-yaml/lib/schema/core.js"(exports2, module2) {
    "use strict";
    module2.exports = require_json();
  }
});

// node_modules/js-yaml/lib/type/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/js-yaml/lib/type/timestamp.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    var YAML_DATE_REGEXP = new RegExp(
      "^([0-9][0-9][0-9][0-9])-([0-9][0-9])-([0-9][0-9])$"
    );
    var YAML_TIMESTAMP_REGEXP = new RegExp(
      "^([0-9][0-9][0-9][0-9])-([0-9][0-9]?)-([0-9][0-9]?)(?:[Tt]|[ \\t]+)([0-9][0-9]?):([0-9][0-9]):([0-9][0-9])(?:\\.([0-9]*))?(?:[ \\t]*(Z|([-+])([0-9][0-9]?)(?::([0-9][0-9]))?))?$"
    );
    function resolveYamlTimestamp(data) {
      if (data === null) return false;
      if (YAML_DATE_REGEXP.exec(data) !== null) return true;
      if (YAML_TIMESTAMP_REGEXP.exec(data) !== null) return true;
      return false;
    }
    function constructYamlTimestamp(data) {
      let fraction = 0;
      let delta = null;
      let match = YAML_DATE_REGEXP.exec(data);
      if (match === null) match = YAML_TIMESTAMP_REGEXP.exec(data);
      if (match === null) throw new Error("Date resolve error");
      const year = +match[1];
      const month = +match[2] - 1;
      const day = +match[3];
      if (!match[4]) {
        return new Date(Date.UTC(year, month, day));
      }
      const hour = +match[4];
      const minute = +match[5];
      const second = +match[6];
      if (match[7]) {
        fraction = match[7].slice(0, 3);
        while (fraction.length < 3) {
          fraction += "0";
        }
        fraction = +fraction;
      }
      if (match[9]) {
        const tzHour = +match[10];
        const tzMinute = +(match[11] || 0);
        delta = (tzHour * 60 + tzMinute) * 6e4;
        if (match[9] === "-") delta = -delta;
      }
      const date = new Date(Date.UTC(year, month, day, hour, minute, second, fraction));
      if (delta) date.setTime(date.getTime() - delta);
      return date;
    }
    function representYamlTimestamp(object) {
      return object.toISOString();
    }
    module2.exports = new Type("tag:yaml.org,2002:timestamp", {
      kind: "scalar",
      resolve: resolveYamlTimestamp,
      construct: constructYamlTimestamp,
      instanceOf: Date,
      represent: representYamlTimestamp
    });
  }
});

// node_modules/js-yaml/lib/type/merge.js
var require_merge = __commonJS({
  "node_modules/js-yaml/lib/type/merge.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    function resolveYamlMerge(data) {
      return data === "<<" || data === null;
    }
    module2.exports = new Type("tag:yaml.org,2002:merge", {
      kind: "scalar",
      resolve: resolveYamlMerge
    });
  }
});

// node_modules/js-yaml/lib/type/binary.js
var require_binary = __commonJS({
  "node_modules/js-yaml/lib/type/binary.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    var BASE64_MAP = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=\n\r";
    function resolveYamlBinary(data) {
      if (data === null) return false;
      let bitlen = 0;
      const max = data.length;
      const map = BASE64_MAP;
      for (let idx = 0; idx < max; idx++) {
        const code = map.indexOf(data.charAt(idx));
        if (code > 64) continue;
        if (code < 0) return false;
        bitlen += 6;
      }
      return bitlen % 8 === 0;
    }
    function constructYamlBinary(data) {
      const input = data.replace(/[\r\n=]/g, "");
      const max = input.length;
      const map = BASE64_MAP;
      let bits = 0;
      const result = [];
      for (let idx = 0; idx < max; idx++) {
        if (idx % 4 === 0 && idx) {
          result.push(bits >> 16 & 255);
          result.push(bits >> 8 & 255);
          result.push(bits & 255);
        }
        bits = bits << 6 | map.indexOf(input.charAt(idx));
      }
      const tailbits = max % 4 * 6;
      if (tailbits === 0) {
        result.push(bits >> 16 & 255);
        result.push(bits >> 8 & 255);
        result.push(bits & 255);
      } else if (tailbits === 18) {
        result.push(bits >> 10 & 255);
        result.push(bits >> 2 & 255);
      } else if (tailbits === 12) {
        result.push(bits >> 4 & 255);
      }
      return new Uint8Array(result);
    }
    function representYamlBinary(object) {
      let result = "";
      let bits = 0;
      const max = object.length;
      const map = BASE64_MAP;
      for (let idx = 0; idx < max; idx++) {
        if (idx % 3 === 0 && idx) {
          result += map[bits >> 18 & 63];
          result += map[bits >> 12 & 63];
          result += map[bits >> 6 & 63];
          result += map[bits & 63];
        }
        bits = (bits << 8) + object[idx];
      }
      const tail = max % 3;
      if (tail === 0) {
        result += map[bits >> 18 & 63];
        result += map[bits >> 12 & 63];
        result += map[bits >> 6 & 63];
        result += map[bits & 63];
      } else if (tail === 2) {
        result += map[bits >> 10 & 63];
        result += map[bits >> 4 & 63];
        result += map[bits << 2 & 63];
        result += map[64];
      } else if (tail === 1) {
        result += map[bits >> 2 & 63];
        result += map[bits << 4 & 63];
        result += map[64];
        result += map[64];
      }
      return result;
    }
    function isBinary(obj) {
      return Object.prototype.toString.call(obj) === "[object Uint8Array]";
    }
    module2.exports = new Type("tag:yaml.org,2002:binary", {
      kind: "scalar",
      resolve: resolveYamlBinary,
      construct: constructYamlBinary,
      predicate: isBinary,
      represent: representYamlBinary
    });
  }
});

// node_modules/js-yaml/lib/type/omap.js
var require_omap = __commonJS({
  "node_modules/js-yaml/lib/type/omap.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    var _hasOwnProperty = Object.prototype.hasOwnProperty;
    var _toString = Object.prototype.toString;
    function resolveYamlOmap(data) {
      if (data === null) return true;
      const objectKeys = {};
      const object = data;
      for (let index = 0, length = object.length; index < length; index += 1) {
        const pair = object[index];
        let pairHasKey = false;
        if (_toString.call(pair) !== "[object Object]") return false;
        let pairKey;
        for (pairKey in pair) {
          if (_hasOwnProperty.call(pair, pairKey)) {
            if (!pairHasKey) pairHasKey = true;
            else return false;
          }
        }
        if (!pairHasKey) return false;
        if (_hasOwnProperty.call(objectKeys, pairKey)) return false;
        Object.defineProperty(objectKeys, pairKey, { value: true });
      }
      return true;
    }
    function constructYamlOmap(data) {
      return data !== null ? data : [];
    }
    module2.exports = new Type("tag:yaml.org,2002:omap", {
      kind: "sequence",
      resolve: resolveYamlOmap,
      construct: constructYamlOmap
    });
  }
});

// node_modules/js-yaml/lib/type/pairs.js
var require_pairs = __commonJS({
  "node_modules/js-yaml/lib/type/pairs.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    var _toString = Object.prototype.toString;
    function resolveYamlPairs(data) {
      if (data === null) return true;
      const object = data;
      const result = new Array(object.length);
      for (let index = 0, length = object.length; index < length; index += 1) {
        const pair = object[index];
        if (_toString.call(pair) !== "[object Object]") return false;
        const keys = Object.keys(pair);
        if (keys.length !== 1) return false;
        result[index] = [keys[0], pair[keys[0]]];
      }
      return true;
    }
    function constructYamlPairs(data) {
      if (data === null) return [];
      const object = data;
      const result = new Array(object.length);
      for (let index = 0, length = object.length; index < length; index += 1) {
        const pair = object[index];
        const keys = Object.keys(pair);
        result[index] = [keys[0], pair[keys[0]]];
      }
      return result;
    }
    module2.exports = new Type("tag:yaml.org,2002:pairs", {
      kind: "sequence",
      resolve: resolveYamlPairs,
      construct: constructYamlPairs
    });
  }
});

// node_modules/js-yaml/lib/type/set.js
var require_set = __commonJS({
  "node_modules/js-yaml/lib/type/set.js"(exports2, module2) {
    "use strict";
    var Type = require_type();
    var _hasOwnProperty = Object.prototype.hasOwnProperty;
    function resolveYamlSet(data) {
      if (data === null) return true;
      const object = data;
      for (const key in object) {
        if (_hasOwnProperty.call(object, key)) {
          if (object[key] !== null) return false;
        }
      }
      return true;
    }
    function constructYamlSet(data) {
      return data !== null ? data : {};
    }
    module2.exports = new Type("tag:yaml.org,2002:set", {
      kind: "mapping",
      resolve: resolveYamlSet,
      construct: constructYamlSet
    });
  }
});

// node_modules/js-yaml/lib/schema/default.js
var require_default = __commonJS({
  "node_modules/js-yaml/lib/schema/default.js"(exports2, module2) {
    "use strict";
    module2.exports = require_core().extend({
      implicit: [
        require_timestamp(),
        require_merge()
      ],
      explicit: [
        require_binary(),
        require_omap(),
        require_pairs(),
        require_set()
      ]
    });
  }
});

// node_modules/js-yaml/lib/loader.js
var require_loader = __commonJS({
  "node_modules/js-yaml/lib/loader.js"(exports2, module2) {
    "use strict";
    var common = require_common();
    var YAMLException = require_exception();
    var makeSnippet = require_snippet();
    var DEFAULT_SCHEMA = require_default();
    var _hasOwnProperty = Object.prototype.hasOwnProperty;
    var CONTEXT_FLOW_IN = 1;
    var CONTEXT_FLOW_OUT = 2;
    var CONTEXT_BLOCK_IN = 3;
    var CONTEXT_BLOCK_OUT = 4;
    var CHOMPING_CLIP = 1;
    var CHOMPING_STRIP = 2;
    var CHOMPING_KEEP = 3;
    var PATTERN_NON_PRINTABLE = /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:[^\uD800-\uDBFF]|^)[\uDC00-\uDFFF]/;
    var PATTERN_NON_ASCII_LINE_BREAKS = /[\x85\u2028\u2029]/;
    var PATTERN_FLOW_INDICATORS = /[,\[\]{}]/;
    var PATTERN_TAG_HANDLE = /^(?:!|!!|![0-9A-Za-z-]+!)$/;
    var PATTERN_TAG_URI = /^(?:!|[^,\[\]{}])(?:%[0-9a-f]{2}|[0-9a-z\-#;/?:@&=+$,_.!~*'()\[\]])*$/i;
    function _class(obj) {
      return Object.prototype.toString.call(obj);
    }
    function isEol(c) {
      return c === 10 || c === 13;
    }
    function isWhiteSpace(c) {
      return c === 9 || c === 32;
    }
    function isWsOrEol(c) {
      return c === 9 || c === 32 || c === 10 || c === 13;
    }
    function isFlowIndicator(c) {
      return c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
    }
    function fromHexCode(c) {
      if (c >= 48 && c <= 57) {
        return c - 48;
      }
      const lc = c | 32;
      if (lc >= 97 && lc <= 102) {
        return lc - 97 + 10;
      }
      return -1;
    }
    function escapedHexLen(c) {
      if (c === 120) {
        return 2;
      }
      if (c === 117) {
        return 4;
      }
      if (c === 85) {
        return 8;
      }
      return 0;
    }
    function fromDecimalCode(c) {
      if (c >= 48 && c <= 57) {
        return c - 48;
      }
      return -1;
    }
    function simpleEscapeSequence(c) {
      switch (c) {
        case 48:
          return "\0";
        case 97:
          return "\x07";
        case 98:
          return "\b";
        case 116:
          return "	";
        case 9:
          return "	";
        case 110:
          return "\n";
        case 118:
          return "\v";
        case 102:
          return "\f";
        case 114:
          return "\r";
        case 101:
          return "\x1B";
        case 32:
          return " ";
        case 34:
          return '"';
        case 47:
          return "/";
        case 92:
          return "\\";
        case 78:
          return "\x85";
        case 95:
          return "\xA0";
        case 76:
          return "\u2028";
        case 80:
          return "\u2029";
        default:
          return "";
      }
    }
    function charFromCodepoint(c) {
      if (c <= 65535) {
        return String.fromCharCode(c);
      }
      return String.fromCharCode(
        (c - 65536 >> 10) + 55296,
        (c - 65536 & 1023) + 56320
      );
    }
    function setProperty(object, key, value) {
      if (key === "__proto__") {
        Object.defineProperty(object, key, {
          configurable: true,
          enumerable: true,
          writable: true,
          value
        });
      } else {
        object[key] = value;
      }
    }
    var simpleEscapeCheck = new Array(256);
    var simpleEscapeMap = new Array(256);
    for (let i = 0; i < 256; i++) {
      simpleEscapeCheck[i] = simpleEscapeSequence(i) ? 1 : 0;
      simpleEscapeMap[i] = simpleEscapeSequence(i);
    }
    function State(input, options2) {
      this.input = input;
      this.filename = options2["filename"] || null;
      this.schema = options2["schema"] || DEFAULT_SCHEMA;
      this.onWarning = options2["onWarning"] || null;
      this.legacy = options2["legacy"] || false;
      this.json = options2["json"] || false;
      this.listener = options2["listener"] || null;
      this.maxDepth = typeof options2["maxDepth"] === "number" ? options2["maxDepth"] : 100;
      this.maxTotalMergeKeys = typeof options2["maxTotalMergeKeys"] === "number" ? options2["maxTotalMergeKeys"] : 1e4;
      this.implicitTypes = this.schema.compiledImplicit;
      this.typeMap = this.schema.compiledTypeMap;
      this.length = input.length;
      this.position = 0;
      this.line = 0;
      this.lineStart = 0;
      this.lineIndent = 0;
      this.depth = 0;
      this.totalMergeKeys = 0;
      this.firstTabInLine = -1;
      this.documents = [];
      this.anchorMapTransactions = [];
    }
    function generateError(state, message) {
      const mark = {
        name: state.filename,
        buffer: state.input.slice(0, -1),
        // omit trailing \0
        position: state.position,
        line: state.line,
        column: state.position - state.lineStart
      };
      mark.snippet = makeSnippet(mark);
      return new YAMLException(message, mark);
    }
    function throwError(state, message) {
      throw generateError(state, message);
    }
    function throwWarning(state, message) {
      if (state.onWarning) {
        state.onWarning.call(null, generateError(state, message));
      }
    }
    function storeAnchor(state, name, value) {
      const transactions = state.anchorMapTransactions;
      if (transactions.length !== 0) {
        const transaction = transactions[transactions.length - 1];
        if (!_hasOwnProperty.call(transaction, name)) {
          transaction[name] = {
            existed: _hasOwnProperty.call(state.anchorMap, name),
            value: state.anchorMap[name]
          };
        }
      }
      state.anchorMap[name] = value;
    }
    function beginAnchorTransaction(state) {
      state.anchorMapTransactions.push(/* @__PURE__ */ Object.create(null));
    }
    function commitAnchorTransaction(state) {
      const transaction = state.anchorMapTransactions.pop();
      const transactions = state.anchorMapTransactions;
      if (transactions.length === 0) return;
      const parent = transactions[transactions.length - 1];
      const names = Object.keys(transaction);
      for (let index = 0, length = names.length; index < length; index += 1) {
        const name = names[index];
        if (!_hasOwnProperty.call(parent, name)) {
          parent[name] = transaction[name];
        }
      }
    }
    function rollbackAnchorTransaction(state) {
      const transaction = state.anchorMapTransactions.pop();
      const names = Object.keys(transaction);
      for (let index = names.length - 1; index >= 0; index -= 1) {
        const entry = transaction[names[index]];
        if (entry.existed) {
          state.anchorMap[names[index]] = entry.value;
        } else {
          delete state.anchorMap[names[index]];
        }
      }
    }
    function snapshotState(state) {
      return {
        position: state.position,
        line: state.line,
        lineStart: state.lineStart,
        lineIndent: state.lineIndent,
        firstTabInLine: state.firstTabInLine,
        tag: state.tag,
        anchor: state.anchor,
        kind: state.kind,
        result: state.result
      };
    }
    function restoreState(state, snapshot) {
      state.position = snapshot.position;
      state.line = snapshot.line;
      state.lineStart = snapshot.lineStart;
      state.lineIndent = snapshot.lineIndent;
      state.firstTabInLine = snapshot.firstTabInLine;
      state.tag = snapshot.tag;
      state.anchor = snapshot.anchor;
      state.kind = snapshot.kind;
      state.result = snapshot.result;
    }
    var directiveHandlers = {
      YAML: function handleYamlDirective(state, name, args) {
        if (state.version !== null) {
          throwError(state, "duplication of %YAML directive");
        }
        if (args.length !== 1) {
          throwError(state, "YAML directive accepts exactly one argument");
        }
        const match = /^([0-9]+)\.([0-9]+)$/.exec(args[0]);
        if (match === null) {
          throwError(state, "ill-formed argument of the YAML directive");
        }
        const major = parseInt(match[1], 10);
        const minor = parseInt(match[2], 10);
        if (major !== 1) {
          throwError(state, "unacceptable YAML version of the document");
        }
        state.version = args[0];
        state.checkLineBreaks = minor < 2;
        if (minor !== 1 && minor !== 2) {
          throwWarning(state, "unsupported YAML version of the document");
        }
      },
      TAG: function handleTagDirective(state, name, args) {
        let prefix;
        if (args.length !== 2) {
          throwError(state, "TAG directive accepts exactly two arguments");
        }
        const handle = args[0];
        prefix = args[1];
        if (!PATTERN_TAG_HANDLE.test(handle)) {
          throwError(state, "ill-formed tag handle (first argument) of the TAG directive");
        }
        if (_hasOwnProperty.call(state.tagMap, handle)) {
          throwError(state, 'there is a previously declared suffix for "' + handle + '" tag handle');
        }
        if (!PATTERN_TAG_URI.test(prefix)) {
          throwError(state, "ill-formed tag prefix (second argument) of the TAG directive");
        }
        try {
          prefix = decodeURIComponent(prefix);
        } catch (err) {
          throwError(state, "tag prefix is malformed: " + prefix);
        }
        state.tagMap[handle] = prefix;
      }
    };
    function captureSegment(state, start, end, checkJson) {
      if (start < end) {
        const _result = state.input.slice(start, end);
        if (checkJson) {
          for (let _position = 0, _length = _result.length; _position < _length; _position += 1) {
            const _character = _result.charCodeAt(_position);
            if (!(_character === 9 || _character >= 32 && _character <= 1114111)) {
              throwError(state, "expected valid JSON character");
            }
          }
        } else if (PATTERN_NON_PRINTABLE.test(_result)) {
          throwError(state, "the stream contains non-printable characters");
        }
        state.result += _result;
      }
    }
    function chargeMergeWork(state) {
      state.totalMergeKeys++;
      if (state.maxTotalMergeKeys !== -1 && state.totalMergeKeys > state.maxTotalMergeKeys) {
        throwError(state, "merge keys exceeded maxTotalMergeKeys (" + state.maxTotalMergeKeys + ")");
      }
    }
    function mergeMappings(state, destination, source, overridableKeys) {
      if (!common.isObject(source)) {
        throwError(state, "cannot merge mappings; the provided source object is unacceptable");
      }
      chargeMergeWork(state);
      const sourceKeys = Object.keys(source);
      for (let index = 0, quantity = sourceKeys.length; index < quantity; index += 1) {
        const key = sourceKeys[index];
        chargeMergeWork(state);
        if (!_hasOwnProperty.call(destination, key)) {
          setProperty(destination, key, source[key]);
          overridableKeys[key] = true;
        }
      }
    }
    function storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, valueNode, startLine, startLineStart, startPos) {
      if (Array.isArray(keyNode)) {
        keyNode = Array.prototype.slice.call(keyNode);
        for (let index = 0, quantity = keyNode.length; index < quantity; index += 1) {
          if (Array.isArray(keyNode[index])) {
            throwError(state, "nested arrays are not supported inside keys");
          }
          if (typeof keyNode === "object" && _class(keyNode[index]) === "[object Object]") {
            keyNode[index] = "[object Object]";
          }
        }
      }
      if (typeof keyNode === "object" && _class(keyNode) === "[object Object]") {
        keyNode = "[object Object]";
      }
      keyNode = String(keyNode);
      if (_result === null) {
        _result = {};
      }
      if (keyTag === "tag:yaml.org,2002:merge") {
        if (Array.isArray(valueNode)) {
          if (valueNode.length > 100) {
            throwError(state, "abnormal merge sequence size");
          }
          for (let index = 0, quantity = valueNode.length; index < quantity; index += 1) {
            mergeMappings(state, _result, valueNode[index], overridableKeys);
          }
        } else {
          mergeMappings(state, _result, valueNode, overridableKeys);
        }
      } else {
        if (!state.json && !_hasOwnProperty.call(overridableKeys, keyNode) && _hasOwnProperty.call(_result, keyNode)) {
          state.line = startLine || state.line;
          state.lineStart = startLineStart || state.lineStart;
          state.position = startPos || state.position;
          throwError(state, "duplicated mapping key");
        }
        setProperty(_result, keyNode, valueNode);
        delete overridableKeys[keyNode];
      }
      return _result;
    }
    function readLineBreak(state) {
      const ch = state.input.charCodeAt(state.position);
      if (ch === 10) {
        state.position++;
      } else if (ch === 13) {
        state.position++;
        if (state.input.charCodeAt(state.position) === 10) {
          state.position++;
        }
      } else {
        throwError(state, "a line break is expected");
      }
      state.line += 1;
      state.lineStart = state.position;
      state.firstTabInLine = -1;
    }
    function skipSeparationSpace(state, allowComments, checkIndent) {
      let lineBreaks = 0;
      let ch = state.input.charCodeAt(state.position);
      while (ch !== 0) {
        while (isWhiteSpace(ch)) {
          if (ch === 9 && state.firstTabInLine === -1) {
            state.firstTabInLine = state.position;
          }
          ch = state.input.charCodeAt(++state.position);
        }
        if (allowComments && ch === 35) {
          do {
            ch = state.input.charCodeAt(++state.position);
          } while (ch !== 10 && ch !== 13 && ch !== 0);
        }
        if (isEol(ch)) {
          readLineBreak(state);
          ch = state.input.charCodeAt(state.position);
          lineBreaks++;
          state.lineIndent = 0;
          while (ch === 32) {
            state.lineIndent++;
            ch = state.input.charCodeAt(++state.position);
          }
        } else {
          break;
        }
      }
      if (checkIndent !== -1 && lineBreaks !== 0 && state.lineIndent < checkIndent) {
        throwWarning(state, "deficient indentation");
      }
      return lineBreaks;
    }
    function testDocumentSeparator(state) {
      let _position = state.position;
      let ch = state.input.charCodeAt(_position);
      if ((ch === 45 || ch === 46) && ch === state.input.charCodeAt(_position + 1) && ch === state.input.charCodeAt(_position + 2)) {
        _position += 3;
        ch = state.input.charCodeAt(_position);
        if (ch === 0 || isWsOrEol(ch)) {
          return true;
        }
      }
      return false;
    }
    function writeFoldedLines(state, count) {
      if (count === 1) {
        state.result += " ";
      } else if (count > 1) {
        state.result += common.repeat("\n", count - 1);
      }
    }
    function readPlainScalar(state, nodeIndent, withinFlowCollection) {
      let captureStart;
      let captureEnd;
      let hasPendingContent;
      let _line;
      let _lineStart;
      let _lineIndent;
      const _kind = state.kind;
      const _result = state.result;
      let ch = state.input.charCodeAt(state.position);
      if (isWsOrEol(ch) || isFlowIndicator(ch) || ch === 35 || ch === 38 || ch === 42 || ch === 33 || ch === 124 || ch === 62 || ch === 39 || ch === 34 || ch === 37 || ch === 64 || ch === 96) {
        return false;
      }
      if (ch === 63 || ch === 45) {
        const following = state.input.charCodeAt(state.position + 1);
        if (isWsOrEol(following) || withinFlowCollection && isFlowIndicator(following)) {
          return false;
        }
      }
      state.kind = "scalar";
      state.result = "";
      captureStart = captureEnd = state.position;
      hasPendingContent = false;
      while (ch !== 0) {
        if (ch === 58) {
          const following = state.input.charCodeAt(state.position + 1);
          if (isWsOrEol(following) || withinFlowCollection && isFlowIndicator(following)) {
            break;
          }
        } else if (ch === 35) {
          const preceding = state.input.charCodeAt(state.position - 1);
          if (isWsOrEol(preceding)) {
            break;
          }
        } else if (state.position === state.lineStart && testDocumentSeparator(state) || withinFlowCollection && isFlowIndicator(ch)) {
          break;
        } else if (isEol(ch)) {
          _line = state.line;
          _lineStart = state.lineStart;
          _lineIndent = state.lineIndent;
          skipSeparationSpace(state, false, -1);
          if (state.lineIndent >= nodeIndent) {
            hasPendingContent = true;
            ch = state.input.charCodeAt(state.position);
            continue;
          } else {
            state.position = captureEnd;
            state.line = _line;
            state.lineStart = _lineStart;
            state.lineIndent = _lineIndent;
            break;
          }
        }
        if (hasPendingContent) {
          captureSegment(state, captureStart, captureEnd, false);
          writeFoldedLines(state, state.line - _line);
          captureStart = captureEnd = state.position;
          hasPendingContent = false;
        }
        if (!isWhiteSpace(ch)) {
          captureEnd = state.position + 1;
        }
        ch = state.input.charCodeAt(++state.position);
      }
      captureSegment(state, captureStart, captureEnd, false);
      if (state.result) {
        return true;
      }
      state.kind = _kind;
      state.result = _result;
      return false;
    }
    function readSingleQuotedScalar(state, nodeIndent) {
      let captureStart;
      let captureEnd;
      let ch = state.input.charCodeAt(state.position);
      if (ch !== 39) {
        return false;
      }
      state.kind = "scalar";
      state.result = "";
      state.position++;
      captureStart = captureEnd = state.position;
      while ((ch = state.input.charCodeAt(state.position)) !== 0) {
        if (ch === 39) {
          captureSegment(state, captureStart, state.position, true);
          ch = state.input.charCodeAt(++state.position);
          if (ch === 39) {
            captureStart = state.position;
            state.position++;
            captureEnd = state.position;
          } else {
            return true;
          }
        } else if (isEol(ch)) {
          captureSegment(state, captureStart, captureEnd, true);
          writeFoldedLines(state, skipSeparationSpace(state, false, nodeIndent));
          captureStart = captureEnd = state.position;
        } else if (state.position === state.lineStart && testDocumentSeparator(state)) {
          throwError(state, "unexpected end of the document within a single quoted scalar");
        } else {
          state.position++;
          if (!isWhiteSpace(ch)) {
            captureEnd = state.position;
          }
        }
      }
      throwError(state, "unexpected end of the stream within a single quoted scalar");
    }
    function readDoubleQuotedScalar(state, nodeIndent) {
      let captureStart;
      let captureEnd;
      let tmp;
      let ch = state.input.charCodeAt(state.position);
      if (ch !== 34) {
        return false;
      }
      state.kind = "scalar";
      state.result = "";
      state.position++;
      captureStart = captureEnd = state.position;
      while ((ch = state.input.charCodeAt(state.position)) !== 0) {
        if (ch === 34) {
          captureSegment(state, captureStart, state.position, true);
          state.position++;
          return true;
        } else if (ch === 92) {
          captureSegment(state, captureStart, state.position, true);
          ch = state.input.charCodeAt(++state.position);
          if (isEol(ch)) {
            skipSeparationSpace(state, false, nodeIndent);
          } else if (ch < 256 && simpleEscapeCheck[ch]) {
            state.result += simpleEscapeMap[ch];
            state.position++;
          } else if ((tmp = escapedHexLen(ch)) > 0) {
            let hexLength = tmp;
            let hexResult = 0;
            for (; hexLength > 0; hexLength--) {
              ch = state.input.charCodeAt(++state.position);
              if ((tmp = fromHexCode(ch)) >= 0) {
                hexResult = (hexResult << 4) + tmp;
              } else {
                throwError(state, "expected hexadecimal character");
              }
            }
            state.result += charFromCodepoint(hexResult);
            state.position++;
          } else {
            throwError(state, "unknown escape sequence");
          }
          captureStart = captureEnd = state.position;
        } else if (isEol(ch)) {
          captureSegment(state, captureStart, captureEnd, true);
          writeFoldedLines(state, skipSeparationSpace(state, false, nodeIndent));
          captureStart = captureEnd = state.position;
        } else if (state.position === state.lineStart && testDocumentSeparator(state)) {
          throwError(state, "unexpected end of the document within a double quoted scalar");
        } else {
          state.position++;
          if (!isWhiteSpace(ch)) {
            captureEnd = state.position;
          }
        }
      }
      throwError(state, "unexpected end of the stream within a double quoted scalar");
    }
    function readFlowCollection(state, nodeIndent) {
      let readNext = true;
      let _line;
      let _lineStart;
      let _pos;
      const _tag = state.tag;
      let _result;
      const _anchor = state.anchor;
      let terminator;
      let isPair;
      let isExplicitPair;
      let isMapping;
      const overridableKeys = /* @__PURE__ */ Object.create(null);
      let keyNode;
      let keyTag;
      let valueNode;
      let ch = state.input.charCodeAt(state.position);
      if (ch === 91) {
        terminator = 93;
        isMapping = false;
        _result = [];
      } else if (ch === 123) {
        terminator = 125;
        isMapping = true;
        _result = {};
      } else {
        return false;
      }
      if (state.anchor !== null) {
        storeAnchor(state, state.anchor, _result);
      }
      ch = state.input.charCodeAt(++state.position);
      while (ch !== 0) {
        skipSeparationSpace(state, true, nodeIndent);
        ch = state.input.charCodeAt(state.position);
        if (ch === terminator) {
          state.position++;
          state.tag = _tag;
          state.anchor = _anchor;
          state.kind = isMapping ? "mapping" : "sequence";
          state.result = _result;
          return true;
        } else if (!readNext) {
          throwError(state, "missed comma between flow collection entries");
        } else if (ch === 44) {
          throwError(state, "expected the node content, but found ','");
        }
        keyTag = keyNode = valueNode = null;
        isPair = isExplicitPair = false;
        if (ch === 63) {
          const following = state.input.charCodeAt(state.position + 1);
          if (isWsOrEol(following)) {
            isPair = isExplicitPair = true;
            state.position++;
            skipSeparationSpace(state, true, nodeIndent);
          }
        }
        _line = state.line;
        _lineStart = state.lineStart;
        _pos = state.position;
        composeNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true);
        keyTag = state.tag;
        keyNode = state.result;
        skipSeparationSpace(state, true, nodeIndent);
        ch = state.input.charCodeAt(state.position);
        if ((isExplicitPair || state.line === _line) && ch === 58) {
          isPair = true;
          ch = state.input.charCodeAt(++state.position);
          skipSeparationSpace(state, true, nodeIndent);
          composeNode(state, nodeIndent, CONTEXT_FLOW_IN, false, true);
          valueNode = state.result;
        }
        if (isMapping) {
          storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, valueNode, _line, _lineStart, _pos);
        } else if (isPair) {
          _result.push(storeMappingPair(state, null, overridableKeys, keyTag, keyNode, valueNode, _line, _lineStart, _pos));
        } else {
          _result.push(keyNode);
        }
        skipSeparationSpace(state, true, nodeIndent);
        ch = state.input.charCodeAt(state.position);
        if (ch === 44) {
          readNext = true;
          ch = state.input.charCodeAt(++state.position);
        } else {
          readNext = false;
        }
      }
      throwError(state, "unexpected end of the stream within a flow collection");
    }
    function readBlockScalar(state, nodeIndent) {
      let folding;
      let chomping = CHOMPING_CLIP;
      let didReadContent = false;
      let detectedIndent = false;
      let textIndent = nodeIndent;
      let emptyLines = 0;
      let atMoreIndented = false;
      let tmp;
      let ch = state.input.charCodeAt(state.position);
      if (ch === 124) {
        folding = false;
      } else if (ch === 62) {
        folding = true;
      } else {
        return false;
      }
      state.kind = "scalar";
      state.result = "";
      while (ch !== 0) {
        ch = state.input.charCodeAt(++state.position);
        if (ch === 43 || ch === 45) {
          if (CHOMPING_CLIP === chomping) {
            chomping = ch === 43 ? CHOMPING_KEEP : CHOMPING_STRIP;
          } else {
            throwError(state, "repeat of a chomping mode identifier");
          }
        } else if ((tmp = fromDecimalCode(ch)) >= 0) {
          if (tmp === 0) {
            throwError(state, "bad explicit indentation width of a block scalar; it cannot be less than one");
          } else if (!detectedIndent) {
            textIndent = nodeIndent + tmp - 1;
            detectedIndent = true;
          } else {
            throwError(state, "repeat of an indentation width identifier");
          }
        } else {
          break;
        }
      }
      if (isWhiteSpace(ch)) {
        do {
          ch = state.input.charCodeAt(++state.position);
        } while (isWhiteSpace(ch));
        if (ch === 35) {
          do {
            ch = state.input.charCodeAt(++state.position);
          } while (!isEol(ch) && ch !== 0);
        }
      }
      while (ch !== 0) {
        readLineBreak(state);
        state.lineIndent = 0;
        ch = state.input.charCodeAt(state.position);
        while ((!detectedIndent || state.lineIndent < textIndent) && ch === 32) {
          state.lineIndent++;
          ch = state.input.charCodeAt(++state.position);
        }
        if (!detectedIndent && state.lineIndent > textIndent) {
          textIndent = state.lineIndent;
        }
        if (isEol(ch)) {
          emptyLines++;
          continue;
        }
        if (!detectedIndent && textIndent === 0) {
          throwError(state, "missing indentation for block scalar");
        }
        if (state.lineIndent < textIndent) {
          if (chomping === CHOMPING_KEEP) {
            state.result += common.repeat("\n", didReadContent ? 1 + emptyLines : emptyLines);
          } else if (chomping === CHOMPING_CLIP) {
            if (didReadContent) {
              state.result += "\n";
            }
          }
          break;
        }
        if (folding) {
          if (isWhiteSpace(ch)) {
            atMoreIndented = true;
            state.result += common.repeat("\n", didReadContent ? 1 + emptyLines : emptyLines);
          } else if (atMoreIndented) {
            atMoreIndented = false;
            state.result += common.repeat("\n", emptyLines + 1);
          } else if (emptyLines === 0) {
            if (didReadContent) {
              state.result += " ";
            }
          } else {
            state.result += common.repeat("\n", emptyLines);
          }
        } else {
          state.result += common.repeat("\n", didReadContent ? 1 + emptyLines : emptyLines);
        }
        didReadContent = true;
        detectedIndent = true;
        emptyLines = 0;
        const captureStart = state.position;
        while (!isEol(ch) && ch !== 0) {
          ch = state.input.charCodeAt(++state.position);
        }
        captureSegment(state, captureStart, state.position, false);
      }
      return true;
    }
    function readBlockSequence(state, nodeIndent) {
      const _tag = state.tag;
      const _anchor = state.anchor;
      const _result = [];
      let detected = false;
      if (state.firstTabInLine !== -1) return false;
      if (state.anchor !== null) {
        storeAnchor(state, state.anchor, _result);
      }
      let ch = state.input.charCodeAt(state.position);
      while (ch !== 0) {
        if (state.firstTabInLine !== -1) {
          state.position = state.firstTabInLine;
          throwError(state, "tab characters must not be used in indentation");
        }
        if (ch !== 45) {
          break;
        }
        const following = state.input.charCodeAt(state.position + 1);
        if (!isWsOrEol(following)) {
          break;
        }
        detected = true;
        state.position++;
        if (skipSeparationSpace(state, true, -1)) {
          if (state.lineIndent <= nodeIndent) {
            _result.push(null);
            ch = state.input.charCodeAt(state.position);
            continue;
          }
        }
        const _line = state.line;
        composeNode(state, nodeIndent, CONTEXT_BLOCK_IN, false, true);
        _result.push(state.result);
        skipSeparationSpace(state, true, -1);
        ch = state.input.charCodeAt(state.position);
        if ((state.line === _line || state.lineIndent > nodeIndent) && ch !== 0) {
          throwError(state, "bad indentation of a sequence entry");
        } else if (state.lineIndent < nodeIndent) {
          break;
        }
      }
      if (detected) {
        state.tag = _tag;
        state.anchor = _anchor;
        state.kind = "sequence";
        state.result = _result;
        return true;
      }
      return false;
    }
    function readBlockMapping(state, nodeIndent, flowIndent) {
      let allowCompact;
      let _keyLine;
      let _keyLineStart;
      let _keyPos;
      const _tag = state.tag;
      const _anchor = state.anchor;
      const _result = {};
      const overridableKeys = /* @__PURE__ */ Object.create(null);
      let keyTag = null;
      let keyNode = null;
      let valueNode = null;
      let atExplicitKey = false;
      let detected = false;
      if (state.firstTabInLine !== -1) return false;
      if (state.anchor !== null) {
        storeAnchor(state, state.anchor, _result);
      }
      let ch = state.input.charCodeAt(state.position);
      while (ch !== 0) {
        if (!atExplicitKey && state.firstTabInLine !== -1) {
          state.position = state.firstTabInLine;
          throwError(state, "tab characters must not be used in indentation");
        }
        const following = state.input.charCodeAt(state.position + 1);
        const _line = state.line;
        if ((ch === 63 || ch === 58) && isWsOrEol(following)) {
          if (ch === 63) {
            if (atExplicitKey) {
              storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, null, _keyLine, _keyLineStart, _keyPos);
              keyTag = keyNode = valueNode = null;
            }
            detected = true;
            atExplicitKey = true;
            allowCompact = true;
          } else if (atExplicitKey) {
            atExplicitKey = false;
            allowCompact = true;
          } else {
            throwError(state, "incomplete explicit mapping pair; a key node is missed; or followed by a non-tabulated empty line");
          }
          state.position += 1;
          ch = following;
        } else {
          _keyLine = state.line;
          _keyLineStart = state.lineStart;
          _keyPos = state.position;
          if (!composeNode(state, flowIndent, CONTEXT_FLOW_OUT, false, true)) {
            break;
          }
          if (state.line === _line) {
            ch = state.input.charCodeAt(state.position);
            while (isWhiteSpace(ch)) {
              ch = state.input.charCodeAt(++state.position);
            }
            if (ch === 58) {
              ch = state.input.charCodeAt(++state.position);
              if (!isWsOrEol(ch)) {
                throwError(state, "a whitespace character is expected after the key-value separator within a block mapping");
              }
              if (atExplicitKey) {
                storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, null, _keyLine, _keyLineStart, _keyPos);
                keyTag = keyNode = valueNode = null;
              }
              detected = true;
              atExplicitKey = false;
              allowCompact = false;
              keyTag = state.tag;
              keyNode = state.result;
            } else if (detected) {
              throwError(state, "can not read an implicit mapping pair; a colon is missed");
            } else {
              state.tag = _tag;
              state.anchor = _anchor;
              return true;
            }
          } else if (detected) {
            throwError(state, "can not read a block mapping entry; a multiline key may not be an implicit key");
          } else {
            state.tag = _tag;
            state.anchor = _anchor;
            return true;
          }
        }
        if (state.line === _line || state.lineIndent > nodeIndent) {
          if (atExplicitKey) {
            _keyLine = state.line;
            _keyLineStart = state.lineStart;
            _keyPos = state.position;
          }
          if (composeNode(state, nodeIndent, CONTEXT_BLOCK_OUT, true, allowCompact)) {
            if (atExplicitKey) {
              keyNode = state.result;
            } else {
              valueNode = state.result;
            }
          }
          if (!atExplicitKey) {
            storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, valueNode, _keyLine, _keyLineStart, _keyPos);
            keyTag = keyNode = valueNode = null;
          }
          skipSeparationSpace(state, true, -1);
          ch = state.input.charCodeAt(state.position);
        }
        if ((state.line === _line || state.lineIndent > nodeIndent) && ch !== 0) {
          throwError(state, "bad indentation of a mapping entry");
        } else if (state.lineIndent < nodeIndent) {
          break;
        }
      }
      if (atExplicitKey) {
        storeMappingPair(state, _result, overridableKeys, keyTag, keyNode, null, _keyLine, _keyLineStart, _keyPos);
      }
      if (detected) {
        state.tag = _tag;
        state.anchor = _anchor;
        state.kind = "mapping";
        state.result = _result;
      }
      return detected;
    }
    function readTagProperty(state) {
      let isVerbatim = false;
      let isNamed = false;
      let tagHandle;
      let tagName;
      let ch = state.input.charCodeAt(state.position);
      if (ch !== 33) return false;
      if (state.tag !== null) {
        throwError(state, "duplication of a tag property");
      }
      ch = state.input.charCodeAt(++state.position);
      if (ch === 60) {
        isVerbatim = true;
        ch = state.input.charCodeAt(++state.position);
      } else if (ch === 33) {
        isNamed = true;
        tagHandle = "!!";
        ch = state.input.charCodeAt(++state.position);
      } else {
        tagHandle = "!";
      }
      let _position = state.position;
      if (isVerbatim) {
        do {
          ch = state.input.charCodeAt(++state.position);
        } while (ch !== 0 && ch !== 62);
        if (state.position < state.length) {
          tagName = state.input.slice(_position, state.position);
          ch = state.input.charCodeAt(++state.position);
        } else {
          throwError(state, "unexpected end of the stream within a verbatim tag");
        }
      } else {
        while (ch !== 0 && !isWsOrEol(ch)) {
          if (ch === 33) {
            if (!isNamed) {
              tagHandle = state.input.slice(_position - 1, state.position + 1);
              if (!PATTERN_TAG_HANDLE.test(tagHandle)) {
                throwError(state, "named tag handle cannot contain such characters");
              }
              isNamed = true;
              _position = state.position + 1;
            } else {
              throwError(state, "tag suffix cannot contain exclamation marks");
            }
          }
          ch = state.input.charCodeAt(++state.position);
        }
        tagName = state.input.slice(_position, state.position);
        if (PATTERN_FLOW_INDICATORS.test(tagName)) {
          throwError(state, "tag suffix cannot contain flow indicator characters");
        }
      }
      if (tagName && !PATTERN_TAG_URI.test(tagName)) {
        throwError(state, "tag name cannot contain such characters: " + tagName);
      }
      try {
        tagName = decodeURIComponent(tagName);
      } catch (err) {
        throwError(state, "tag name is malformed: " + tagName);
      }
      if (isVerbatim) {
        state.tag = tagName;
      } else if (_hasOwnProperty.call(state.tagMap, tagHandle)) {
        state.tag = state.tagMap[tagHandle] + tagName;
      } else if (tagHandle === "!") {
        state.tag = "!" + tagName;
      } else if (tagHandle === "!!") {
        state.tag = "tag:yaml.org,2002:" + tagName;
      } else {
        throwError(state, 'undeclared tag handle "' + tagHandle + '"');
      }
      return true;
    }
    function readAnchorProperty(state) {
      let ch = state.input.charCodeAt(state.position);
      if (ch !== 38) return false;
      if (state.anchor !== null) {
        throwError(state, "duplication of an anchor property");
      }
      ch = state.input.charCodeAt(++state.position);
      const _position = state.position;
      while (ch !== 0 && !isWsOrEol(ch) && !isFlowIndicator(ch)) {
        ch = state.input.charCodeAt(++state.position);
      }
      if (state.position === _position) {
        throwError(state, "name of an anchor node must contain at least one character");
      }
      state.anchor = state.input.slice(_position, state.position);
      return true;
    }
    function readAlias(state) {
      let ch = state.input.charCodeAt(state.position);
      if (ch !== 42) return false;
      ch = state.input.charCodeAt(++state.position);
      const _position = state.position;
      while (ch !== 0 && !isWsOrEol(ch) && !isFlowIndicator(ch)) {
        ch = state.input.charCodeAt(++state.position);
      }
      if (state.position === _position) {
        throwError(state, "name of an alias node must contain at least one character");
      }
      const alias = state.input.slice(_position, state.position);
      if (!_hasOwnProperty.call(state.anchorMap, alias)) {
        throwError(state, 'unidentified alias "' + alias + '"');
      }
      state.result = state.anchorMap[alias];
      skipSeparationSpace(state, true, -1);
      return true;
    }
    function tryReadBlockMappingFromProperty(state, propertyStart, nodeIndent, flowIndent) {
      const fallbackState = snapshotState(state);
      beginAnchorTransaction(state);
      restoreState(state, propertyStart);
      state.tag = null;
      state.anchor = null;
      state.kind = null;
      state.result = null;
      if (readBlockMapping(state, nodeIndent, flowIndent) && state.kind === "mapping") {
        commitAnchorTransaction(state);
        return true;
      }
      rollbackAnchorTransaction(state);
      restoreState(state, fallbackState);
      return false;
    }
    function composeNode(state, parentIndent, nodeContext, allowToSeek, allowCompact) {
      let allowBlockScalars;
      let allowBlockCollections;
      let indentStatus = 1;
      let atNewLine = false;
      let hasContent = false;
      let propertyStart = null;
      let type;
      let flowIndent;
      let blockIndent;
      if (state.depth >= state.maxDepth) {
        throwError(state, "nesting exceeded maxDepth (" + state.maxDepth + ")");
      }
      state.depth += 1;
      if (state.listener !== null) {
        state.listener("open", state);
      }
      state.tag = null;
      state.anchor = null;
      state.kind = null;
      state.result = null;
      const allowBlockStyles = allowBlockScalars = allowBlockCollections = CONTEXT_BLOCK_OUT === nodeContext || CONTEXT_BLOCK_IN === nodeContext;
      if (allowToSeek) {
        if (skipSeparationSpace(state, true, -1)) {
          atNewLine = true;
          if (state.lineIndent > parentIndent) {
            indentStatus = 1;
          } else if (state.lineIndent === parentIndent) {
            indentStatus = 0;
          } else if (state.lineIndent < parentIndent) {
            indentStatus = -1;
          }
        }
      }
      if (indentStatus === 1) {
        while (true) {
          const ch = state.input.charCodeAt(state.position);
          const propertyState = snapshotState(state);
          if (atNewLine && (ch === 33 && state.tag !== null || ch === 38 && state.anchor !== null)) {
            break;
          }
          if (!readTagProperty(state) && !readAnchorProperty(state)) {
            break;
          }
          if (propertyStart === null) {
            propertyStart = propertyState;
          }
          if (skipSeparationSpace(state, true, -1)) {
            atNewLine = true;
            allowBlockCollections = allowBlockStyles;
            if (state.lineIndent > parentIndent) {
              indentStatus = 1;
            } else if (state.lineIndent === parentIndent) {
              indentStatus = 0;
            } else if (state.lineIndent < parentIndent) {
              indentStatus = -1;
            }
          } else {
            allowBlockCollections = false;
          }
        }
      }
      if (allowBlockCollections) {
        allowBlockCollections = atNewLine || allowCompact;
      }
      if (indentStatus === 1 || CONTEXT_BLOCK_OUT === nodeContext) {
        if (CONTEXT_FLOW_IN === nodeContext || CONTEXT_FLOW_OUT === nodeContext) {
          flowIndent = parentIndent;
        } else {
          flowIndent = parentIndent + 1;
        }
        blockIndent = state.position - state.lineStart;
        if (indentStatus === 1) {
          if (allowBlockCollections && (readBlockSequence(state, blockIndent) || readBlockMapping(state, blockIndent, flowIndent)) || readFlowCollection(state, flowIndent)) {
            hasContent = true;
          } else {
            const ch = state.input.charCodeAt(state.position);
            if (propertyStart !== null && allowBlockStyles && !allowBlockCollections && ch !== 124 && ch !== 62 && tryReadBlockMappingFromProperty(
              state,
              propertyStart,
              propertyStart.position - propertyStart.lineStart,
              flowIndent
            )) {
              hasContent = true;
            } else if (allowBlockScalars && readBlockScalar(state, flowIndent) || readSingleQuotedScalar(state, flowIndent) || readDoubleQuotedScalar(state, flowIndent)) {
              hasContent = true;
            } else if (readAlias(state)) {
              hasContent = true;
              if (state.tag !== null || state.anchor !== null) {
                throwError(state, "alias node should not have any properties");
              }
            } else if (readPlainScalar(state, flowIndent, CONTEXT_FLOW_IN === nodeContext)) {
              hasContent = true;
              if (state.tag === null) {
                state.tag = "?";
              }
            }
            if (state.anchor !== null) {
              storeAnchor(state, state.anchor, state.result);
            }
          }
        } else if (indentStatus === 0) {
          hasContent = allowBlockCollections && readBlockSequence(state, blockIndent);
        }
      }
      if (state.tag === null) {
        if (state.anchor !== null) {
          storeAnchor(state, state.anchor, state.result);
        }
      } else if (state.tag === "?") {
        if (state.result !== null && state.kind !== "scalar") {
          throwError(state, 'unacceptable node kind for !<?> tag; it should be "scalar", not "' + state.kind + '"');
        }
        for (let typeIndex = 0, typeQuantity = state.implicitTypes.length; typeIndex < typeQuantity; typeIndex += 1) {
          type = state.implicitTypes[typeIndex];
          if (type.resolve(state.result)) {
            state.result = type.construct(state.result);
            state.tag = type.tag;
            if (state.anchor !== null) {
              storeAnchor(state, state.anchor, state.result);
            }
            break;
          }
        }
      } else if (state.tag !== "!") {
        if (_hasOwnProperty.call(state.typeMap[state.kind || "fallback"], state.tag)) {
          type = state.typeMap[state.kind || "fallback"][state.tag];
        } else {
          type = null;
          const typeList = state.typeMap.multi[state.kind || "fallback"];
          for (let typeIndex = 0, typeQuantity = typeList.length; typeIndex < typeQuantity; typeIndex += 1) {
            if (state.tag.slice(0, typeList[typeIndex].tag.length) === typeList[typeIndex].tag) {
              type = typeList[typeIndex];
              break;
            }
          }
        }
        if (!type) {
          throwError(state, "unknown tag !<" + state.tag + ">");
        }
        if (state.result !== null && type.kind !== state.kind) {
          throwError(state, "unacceptable node kind for !<" + state.tag + '> tag; it should be "' + type.kind + '", not "' + state.kind + '"');
        }
        if (!type.resolve(state.result, state.tag)) {
          throwError(state, "cannot resolve a node with !<" + state.tag + "> explicit tag");
        } else {
          state.result = type.construct(state.result, state.tag);
          if (state.anchor !== null) {
            storeAnchor(state, state.anchor, state.result);
          }
        }
      }
      if (state.listener !== null) {
        state.listener("close", state);
      }
      state.depth -= 1;
      return state.tag !== null || state.anchor !== null || hasContent;
    }
    function readDocument(state) {
      const documentStart = state.position;
      let hasDirectives = false;
      let ch;
      state.version = null;
      state.checkLineBreaks = state.legacy;
      state.tagMap = /* @__PURE__ */ Object.create(null);
      state.anchorMap = /* @__PURE__ */ Object.create(null);
      while ((ch = state.input.charCodeAt(state.position)) !== 0) {
        skipSeparationSpace(state, true, -1);
        ch = state.input.charCodeAt(state.position);
        if (state.lineIndent > 0 || ch !== 37) {
          break;
        }
        hasDirectives = true;
        ch = state.input.charCodeAt(++state.position);
        let _position = state.position;
        while (ch !== 0 && !isWsOrEol(ch)) {
          ch = state.input.charCodeAt(++state.position);
        }
        const directiveName = state.input.slice(_position, state.position);
        const directiveArgs = [];
        if (directiveName.length < 1) {
          throwError(state, "directive name must not be less than one character in length");
        }
        while (ch !== 0) {
          while (isWhiteSpace(ch)) {
            ch = state.input.charCodeAt(++state.position);
          }
          if (ch === 35) {
            do {
              ch = state.input.charCodeAt(++state.position);
            } while (ch !== 0 && !isEol(ch));
            break;
          }
          if (isEol(ch)) break;
          _position = state.position;
          while (ch !== 0 && !isWsOrEol(ch)) {
            ch = state.input.charCodeAt(++state.position);
          }
          directiveArgs.push(state.input.slice(_position, state.position));
        }
        if (ch !== 0) readLineBreak(state);
        if (_hasOwnProperty.call(directiveHandlers, directiveName)) {
          directiveHandlers[directiveName](state, directiveName, directiveArgs);
        } else {
          throwWarning(state, 'unknown document directive "' + directiveName + '"');
        }
      }
      skipSeparationSpace(state, true, -1);
      if (state.lineIndent === 0 && state.input.charCodeAt(state.position) === 45 && state.input.charCodeAt(state.position + 1) === 45 && state.input.charCodeAt(state.position + 2) === 45) {
        state.position += 3;
        skipSeparationSpace(state, true, -1);
      } else if (hasDirectives) {
        throwError(state, "directives end mark is expected");
      }
      composeNode(state, state.lineIndent - 1, CONTEXT_BLOCK_OUT, false, true);
      skipSeparationSpace(state, true, -1);
      if (state.checkLineBreaks && PATTERN_NON_ASCII_LINE_BREAKS.test(state.input.slice(documentStart, state.position))) {
        throwWarning(state, "non-ASCII line breaks are interpreted as content");
      }
      state.documents.push(state.result);
      if (state.position === state.lineStart && testDocumentSeparator(state)) {
        if (state.input.charCodeAt(state.position) === 46) {
          state.position += 3;
          skipSeparationSpace(state, true, -1);
        }
        return;
      }
      if (state.position < state.length - 1) {
        throwError(state, "end of the stream or a document separator is expected");
      }
    }
    function loadDocuments(input, options2) {
      input = String(input);
      options2 = options2 || {};
      if (input.length !== 0) {
        if (input.charCodeAt(input.length - 1) !== 10 && input.charCodeAt(input.length - 1) !== 13) {
          input += "\n";
        }
        if (input.charCodeAt(0) === 65279) {
          input = input.slice(1);
        }
      }
      const state = new State(input, options2);
      const nullpos = input.indexOf("\0");
      if (nullpos !== -1) {
        state.position = nullpos;
        throwError(state, "null byte is not allowed in input");
      }
      state.input += "\0";
      while (state.input.charCodeAt(state.position) === 32) {
        state.lineIndent += 1;
        state.position += 1;
      }
      while (state.position < state.length - 1) {
        readDocument(state);
      }
      return state.documents;
    }
    function loadAll(input, iterator, options2) {
      if (iterator !== null && typeof iterator === "object" && typeof options2 === "undefined") {
        options2 = iterator;
        iterator = null;
      }
      const documents = loadDocuments(input, options2);
      if (typeof iterator !== "function") {
        return documents;
      }
      for (let index = 0, length = documents.length; index < length; index += 1) {
        iterator(documents[index]);
      }
    }
    function load(input, options2) {
      const documents = loadDocuments(input, options2);
      if (documents.length === 0) {
        return void 0;
      } else if (documents.length === 1) {
        return documents[0];
      }
      throw new YAMLException("expected a single document in the stream, but found more");
    }
    module2.exports.loadAll = loadAll;
    module2.exports.load = load;
  }
});

// node_modules/js-yaml/lib/dumper.js
var require_dumper = __commonJS({
  "node_modules/js-yaml/lib/dumper.js"(exports2, module2) {
    "use strict";
    var common = require_common();
    var YAMLException = require_exception();
    var DEFAULT_SCHEMA = require_default();
    var _toString = Object.prototype.toString;
    var _hasOwnProperty = Object.prototype.hasOwnProperty;
    var CHAR_BOM = 65279;
    var CHAR_TAB = 9;
    var CHAR_LINE_FEED = 10;
    var CHAR_CARRIAGE_RETURN = 13;
    var CHAR_SPACE = 32;
    var CHAR_EXCLAMATION = 33;
    var CHAR_DOUBLE_QUOTE = 34;
    var CHAR_SHARP = 35;
    var CHAR_PERCENT = 37;
    var CHAR_AMPERSAND = 38;
    var CHAR_SINGLE_QUOTE = 39;
    var CHAR_ASTERISK = 42;
    var CHAR_COMMA = 44;
    var CHAR_MINUS = 45;
    var CHAR_COLON = 58;
    var CHAR_EQUALS = 61;
    var CHAR_GREATER_THAN = 62;
    var CHAR_QUESTION = 63;
    var CHAR_COMMERCIAL_AT = 64;
    var CHAR_LEFT_SQUARE_BRACKET = 91;
    var CHAR_RIGHT_SQUARE_BRACKET = 93;
    var CHAR_GRAVE_ACCENT = 96;
    var CHAR_LEFT_CURLY_BRACKET = 123;
    var CHAR_VERTICAL_LINE = 124;
    var CHAR_RIGHT_CURLY_BRACKET = 125;
    var ESCAPE_SEQUENCES = {};
    ESCAPE_SEQUENCES[0] = "\\0";
    ESCAPE_SEQUENCES[7] = "\\a";
    ESCAPE_SEQUENCES[8] = "\\b";
    ESCAPE_SEQUENCES[9] = "\\t";
    ESCAPE_SEQUENCES[10] = "\\n";
    ESCAPE_SEQUENCES[11] = "\\v";
    ESCAPE_SEQUENCES[12] = "\\f";
    ESCAPE_SEQUENCES[13] = "\\r";
    ESCAPE_SEQUENCES[27] = "\\e";
    ESCAPE_SEQUENCES[34] = '\\"';
    ESCAPE_SEQUENCES[92] = "\\\\";
    ESCAPE_SEQUENCES[133] = "\\N";
    ESCAPE_SEQUENCES[160] = "\\_";
    ESCAPE_SEQUENCES[8232] = "\\L";
    ESCAPE_SEQUENCES[8233] = "\\P";
    var DEPRECATED_BOOLEANS_SYNTAX = [
      "y",
      "Y",
      "yes",
      "Yes",
      "YES",
      "on",
      "On",
      "ON",
      "n",
      "N",
      "no",
      "No",
      "NO",
      "off",
      "Off",
      "OFF"
    ];
    var DEPRECATED_BASE60_SYNTAX = /^[-+]?[0-9_]+(?::[0-9_]+)+(?:\.[0-9_]*)?$/;
    function compileStyleMap(schema, map) {
      if (map === null) return {};
      const result = {};
      const keys = Object.keys(map);
      for (let index = 0, length = keys.length; index < length; index += 1) {
        let tag = keys[index];
        let style = String(map[tag]);
        if (tag.slice(0, 2) === "!!") {
          tag = "tag:yaml.org,2002:" + tag.slice(2);
        }
        const type = schema.compiledTypeMap["fallback"][tag];
        if (type && _hasOwnProperty.call(type.styleAliases, style)) {
          style = type.styleAliases[style];
        }
        result[tag] = style;
      }
      return result;
    }
    function encodeHex(character) {
      let handle;
      let length;
      const string = character.toString(16).toUpperCase();
      if (character <= 255) {
        handle = "x";
        length = 2;
      } else if (character <= 65535) {
        handle = "u";
        length = 4;
      } else if (character <= 4294967295) {
        handle = "U";
        length = 8;
      } else {
        throw new YAMLException("code point within a string may not be greater than 0xFFFFFFFF");
      }
      return "\\" + handle + common.repeat("0", length - string.length) + string;
    }
    var QUOTING_TYPE_SINGLE = 1;
    var QUOTING_TYPE_DOUBLE = 2;
    function State(options2) {
      this.schema = options2["schema"] || DEFAULT_SCHEMA;
      this.indent = Math.max(1, options2["indent"] || 2);
      this.noArrayIndent = options2["noArrayIndent"] || false;
      this.skipInvalid = options2["skipInvalid"] || false;
      this.flowLevel = common.isNothing(options2["flowLevel"]) ? -1 : options2["flowLevel"];
      this.styleMap = compileStyleMap(this.schema, options2["styles"] || null);
      this.sortKeys = options2["sortKeys"] || false;
      this.lineWidth = options2["lineWidth"] || 80;
      this.noRefs = options2["noRefs"] || false;
      this.noCompatMode = options2["noCompatMode"] || false;
      this.condenseFlow = options2["condenseFlow"] || false;
      this.quotingType = options2["quotingType"] === '"' ? QUOTING_TYPE_DOUBLE : QUOTING_TYPE_SINGLE;
      this.forceQuotes = options2["forceQuotes"] || false;
      this.replacer = typeof options2["replacer"] === "function" ? options2["replacer"] : null;
      this.implicitTypes = this.schema.compiledImplicit;
      this.explicitTypes = this.schema.compiledExplicit;
      this.tag = null;
      this.result = "";
      this.duplicates = [];
      this.usedDuplicates = null;
    }
    function indentString(string, spaces) {
      const ind = common.repeat(" ", spaces);
      let position = 0;
      let result = "";
      const length = string.length;
      while (position < length) {
        let line;
        const next = string.indexOf("\n", position);
        if (next === -1) {
          line = string.slice(position);
          position = length;
        } else {
          line = string.slice(position, next + 1);
          position = next + 1;
        }
        if (line.length && line !== "\n") result += ind;
        result += line;
      }
      return result;
    }
    function generateNextLine(state, level) {
      return "\n" + common.repeat(" ", state.indent * level);
    }
    function testImplicitResolving(state, str) {
      for (let index = 0, length = state.implicitTypes.length; index < length; index += 1) {
        const type = state.implicitTypes[index];
        if (type.resolve(str)) {
          return true;
        }
      }
      return false;
    }
    function isWhitespace(c) {
      return c === CHAR_SPACE || c === CHAR_TAB;
    }
    function isPrintable(c) {
      return c >= 32 && c <= 126 || c >= 161 && c <= 55295 && c !== 8232 && c !== 8233 || c >= 57344 && c <= 65533 && c !== CHAR_BOM || c >= 65536 && c <= 1114111;
    }
    function isNsCharOrWhitespace(c) {
      return isPrintable(c) && c !== CHAR_BOM && // - b-char
      c !== CHAR_CARRIAGE_RETURN && c !== CHAR_LINE_FEED;
    }
    function isPlainSafe(c, prev, inblock) {
      const cIsNsCharOrWhitespace = isNsCharOrWhitespace(c);
      const cIsNsChar = cIsNsCharOrWhitespace && !isWhitespace(c);
      return (
        // ns-plain-safe
        (inblock ? cIsNsCharOrWhitespace : cIsNsCharOrWhitespace && // - c-flow-indicator
        c !== CHAR_COMMA && c !== CHAR_LEFT_SQUARE_BRACKET && c !== CHAR_RIGHT_SQUARE_BRACKET && c !== CHAR_LEFT_CURLY_BRACKET && c !== CHAR_RIGHT_CURLY_BRACKET) && // ns-plain-char
        c !== CHAR_SHARP && // false on '#'
        !(prev === CHAR_COLON && !cIsNsChar) || // false on ': '
        isNsCharOrWhitespace(prev) && !isWhitespace(prev) && c === CHAR_SHARP || // change to true on '[^ ]#'
        prev === CHAR_COLON && cIsNsChar
      );
    }
    function isPlainSafeFirst(c) {
      return isPrintable(c) && c !== CHAR_BOM && !isWhitespace(c) && // - s-white
      // - (c-indicator ::=
      // “-” | “?” | “:” | “,” | “[” | “]” | “{” | “}”
      c !== CHAR_MINUS && c !== CHAR_QUESTION && c !== CHAR_COLON && c !== CHAR_COMMA && c !== CHAR_LEFT_SQUARE_BRACKET && c !== CHAR_RIGHT_SQUARE_BRACKET && c !== CHAR_LEFT_CURLY_BRACKET && c !== CHAR_RIGHT_CURLY_BRACKET && // | “#” | “&” | “*” | “!” | “|” | “=” | “>” | “'” | “"”
      c !== CHAR_SHARP && c !== CHAR_AMPERSAND && c !== CHAR_ASTERISK && c !== CHAR_EXCLAMATION && c !== CHAR_VERTICAL_LINE && c !== CHAR_EQUALS && c !== CHAR_GREATER_THAN && c !== CHAR_SINGLE_QUOTE && c !== CHAR_DOUBLE_QUOTE && // | “%” | “@” | “`”)
      c !== CHAR_PERCENT && c !== CHAR_COMMERCIAL_AT && c !== CHAR_GRAVE_ACCENT;
    }
    function isPlainSafeLast(c) {
      return !isWhitespace(c) && c !== CHAR_COLON;
    }
    function codePointAt(string, pos) {
      const first = string.charCodeAt(pos);
      let second;
      if (first >= 55296 && first <= 56319 && pos + 1 < string.length) {
        second = string.charCodeAt(pos + 1);
        if (second >= 56320 && second <= 57343) {
          return (first - 55296) * 1024 + second - 56320 + 65536;
        }
      }
      return first;
    }
    function needIndentIndicator(string) {
      const leadingSpaceRe = /^\n* /;
      return leadingSpaceRe.test(string);
    }
    var STYLE_PLAIN = 1;
    var STYLE_SINGLE = 2;
    var STYLE_LITERAL = 3;
    var STYLE_FOLDED = 4;
    var STYLE_DOUBLE = 5;
    function chooseScalarStyle(string, singleLineOnly, indentPerLevel, lineWidth, testAmbiguousType, quotingType, forceQuotes, inblock) {
      let i;
      let char = 0;
      let prevChar = null;
      let hasLineBreak = false;
      let hasFoldableLine = false;
      const shouldTrackWidth = lineWidth !== -1;
      let previousLineBreak = -1;
      let plain = isPlainSafeFirst(codePointAt(string, 0)) && isPlainSafeLast(codePointAt(string, string.length - 1));
      if (singleLineOnly || forceQuotes) {
        for (i = 0; i < string.length; char >= 65536 ? i += 2 : i++) {
          char = codePointAt(string, i);
          if (!isPrintable(char)) {
            return STYLE_DOUBLE;
          }
          plain = plain && isPlainSafe(char, prevChar, inblock);
          prevChar = char;
        }
      } else {
        for (i = 0; i < string.length; char >= 65536 ? i += 2 : i++) {
          char = codePointAt(string, i);
          if (char === CHAR_LINE_FEED) {
            hasLineBreak = true;
            if (shouldTrackWidth) {
              hasFoldableLine = hasFoldableLine || // Foldable line = too long, and not more-indented.
              i - previousLineBreak - 1 > lineWidth && string[previousLineBreak + 1] !== " ";
              previousLineBreak = i;
            }
          } else if (!isPrintable(char)) {
            return STYLE_DOUBLE;
          }
          plain = plain && isPlainSafe(char, prevChar, inblock);
          prevChar = char;
        }
        hasFoldableLine = hasFoldableLine || shouldTrackWidth && (i - previousLineBreak - 1 > lineWidth && string[previousLineBreak + 1] !== " ");
      }
      if (!hasLineBreak && !hasFoldableLine) {
        if (plain && !forceQuotes && !testAmbiguousType(string)) {
          return STYLE_PLAIN;
        }
        return quotingType === QUOTING_TYPE_DOUBLE ? STYLE_DOUBLE : STYLE_SINGLE;
      }
      if (indentPerLevel > 9 && needIndentIndicator(string)) {
        return STYLE_DOUBLE;
      }
      if (!forceQuotes) {
        return hasFoldableLine ? STYLE_FOLDED : STYLE_LITERAL;
      }
      return quotingType === QUOTING_TYPE_DOUBLE ? STYLE_DOUBLE : STYLE_SINGLE;
    }
    function writeScalar(state, string, level, iskey, inblock) {
      state.dump = (function() {
        if (string.length === 0) {
          return state.quotingType === QUOTING_TYPE_DOUBLE ? '""' : "''";
        }
        if (!state.noCompatMode) {
          if (DEPRECATED_BOOLEANS_SYNTAX.indexOf(string) !== -1 || DEPRECATED_BASE60_SYNTAX.test(string)) {
            return state.quotingType === QUOTING_TYPE_DOUBLE ? '"' + string + '"' : "'" + string + "'";
          }
        }
        const indent = state.indent * Math.max(1, level);
        const lineWidth = state.lineWidth === -1 ? -1 : Math.max(Math.min(state.lineWidth, 40), state.lineWidth - indent);
        const singleLineOnly = iskey || // No block styles in flow mode.
        state.flowLevel > -1 && level >= state.flowLevel;
        function testAmbiguity(string2) {
          return testImplicitResolving(state, string2);
        }
        switch (chooseScalarStyle(
          string,
          singleLineOnly,
          state.indent,
          lineWidth,
          testAmbiguity,
          state.quotingType,
          state.forceQuotes && !iskey,
          inblock
        )) {
          case STYLE_PLAIN:
            return string;
          case STYLE_SINGLE:
            return "'" + string.replace(/'/g, "''") + "'";
          case STYLE_LITERAL:
            return "|" + blockHeader(string, state.indent) + dropEndingNewline(indentString(string, indent));
          case STYLE_FOLDED:
            return ">" + blockHeader(string, state.indent) + dropEndingNewline(indentString(foldString(string, lineWidth), indent));
          case STYLE_DOUBLE:
            return '"' + escapeString(string, lineWidth) + '"';
          default:
            throw new YAMLException("impossible error: invalid scalar style");
        }
      })();
    }
    function blockHeader(string, indentPerLevel) {
      const indentIndicator = needIndentIndicator(string) ? String(indentPerLevel) : "";
      const clip = string[string.length - 1] === "\n";
      const keep = clip && (string[string.length - 2] === "\n" || string === "\n");
      const chomp = keep ? "+" : clip ? "" : "-";
      return indentIndicator + chomp + "\n";
    }
    function dropEndingNewline(string) {
      return string[string.length - 1] === "\n" ? string.slice(0, -1) : string;
    }
    function foldString(string, width) {
      const lineRe = /(\n+)([^\n]*)/g;
      let result = (function() {
        let nextLF = string.indexOf("\n");
        nextLF = nextLF !== -1 ? nextLF : string.length;
        lineRe.lastIndex = nextLF;
        return foldLine(string.slice(0, nextLF), width);
      })();
      let prevMoreIndented = string[0] === "\n" || string[0] === " ";
      let moreIndented;
      let match;
      while (match = lineRe.exec(string)) {
        const prefix = match[1];
        const line = match[2];
        moreIndented = line[0] === " ";
        result += prefix + (!prevMoreIndented && !moreIndented && line !== "" ? "\n" : "") + foldLine(line, width);
        prevMoreIndented = moreIndented;
      }
      return result;
    }
    function foldLine(line, width) {
      if (line === "" || line[0] === " ") return line;
      const breakRe = / [^ ]/g;
      let match;
      let start = 0;
      let end;
      let curr = 0;
      let next = 0;
      let result = "";
      while (match = breakRe.exec(line)) {
        next = match.index;
        if (next - start > width) {
          end = curr > start ? curr : next;
          result += "\n" + line.slice(start, end);
          start = end + 1;
        }
        curr = next;
      }
      result += "\n";
      if (line.length - start > width && curr > start) {
        result += line.slice(start, curr) + "\n" + line.slice(curr + 1);
      } else {
        result += line.slice(start);
      }
      return result.slice(1);
    }
    function escapeString(string) {
      let result = "";
      let char = 0;
      for (let i = 0; i < string.length; char >= 65536 ? i += 2 : i++) {
        char = codePointAt(string, i);
        const escapeSeq = ESCAPE_SEQUENCES[char];
        if (!escapeSeq && isPrintable(char)) {
          result += string[i];
          if (char >= 65536) result += string[i + 1];
        } else {
          result += escapeSeq || encodeHex(char);
        }
      }
      return result;
    }
    function writeFlowSequence(state, level, object) {
      let _result = "";
      const _tag = state.tag;
      for (let index = 0, length = object.length; index < length; index += 1) {
        let value = object[index];
        if (state.replacer) {
          value = state.replacer.call(object, String(index), value);
        }
        if (writeNode(state, level, value, false, false) || typeof value === "undefined" && writeNode(state, level, null, false, false)) {
          if (_result !== "") _result += "," + (!state.condenseFlow ? " " : "");
          _result += state.dump;
        }
      }
      state.tag = _tag;
      state.dump = "[" + _result + "]";
    }
    function writeBlockSequence(state, level, object, compact) {
      let _result = "";
      const _tag = state.tag;
      for (let index = 0, length = object.length; index < length; index += 1) {
        let value = object[index];
        if (state.replacer) {
          value = state.replacer.call(object, String(index), value);
        }
        if (writeNode(state, level + 1, value, true, true, false, true) || typeof value === "undefined" && writeNode(state, level + 1, null, true, true, false, true)) {
          if (!compact || _result !== "") {
            _result += generateNextLine(state, level);
          }
          if (state.dump && CHAR_LINE_FEED === state.dump.charCodeAt(0)) {
            _result += "-";
          } else {
            _result += "- ";
          }
          _result += state.dump;
        }
      }
      state.tag = _tag;
      state.dump = _result || "[]";
    }
    function writeFlowMapping(state, level, object) {
      let _result = "";
      const _tag = state.tag;
      const objectKeyList = Object.keys(object);
      for (let index = 0, length = objectKeyList.length; index < length; index += 1) {
        let pairBuffer = "";
        if (_result !== "") pairBuffer += ", ";
        if (state.condenseFlow) pairBuffer += '"';
        const objectKey = objectKeyList[index];
        let objectValue = object[objectKey];
        if (state.replacer) {
          objectValue = state.replacer.call(object, objectKey, objectValue);
        }
        if (!writeNode(state, level, objectKey, false, false)) {
          continue;
        }
        if (state.dump.length > 1024) pairBuffer += "? ";
        pairBuffer += state.dump + (state.condenseFlow ? '"' : "") + ":" + (state.condenseFlow ? "" : " ");
        if (!writeNode(state, level, objectValue, false, false)) {
          continue;
        }
        pairBuffer += state.dump;
        _result += pairBuffer;
      }
      state.tag = _tag;
      state.dump = "{" + _result + "}";
    }
    function writeBlockMapping(state, level, object, compact) {
      let _result = "";
      const _tag = state.tag;
      const objectKeyList = Object.keys(object);
      if (state.sortKeys === true) {
        objectKeyList.sort();
      } else if (typeof state.sortKeys === "function") {
        objectKeyList.sort(state.sortKeys);
      } else if (state.sortKeys) {
        throw new YAMLException("sortKeys must be a boolean or a function");
      }
      for (let index = 0, length = objectKeyList.length; index < length; index += 1) {
        let pairBuffer = "";
        if (!compact || _result !== "") {
          pairBuffer += generateNextLine(state, level);
        }
        const objectKey = objectKeyList[index];
        let objectValue = object[objectKey];
        if (state.replacer) {
          objectValue = state.replacer.call(object, objectKey, objectValue);
        }
        if (!writeNode(state, level + 1, objectKey, true, true, true)) {
          continue;
        }
        const explicitPair = state.tag !== null && state.tag !== "?" || state.dump && state.dump.length > 1024;
        if (explicitPair) {
          if (state.dump && CHAR_LINE_FEED === state.dump.charCodeAt(0)) {
            pairBuffer += "?";
          } else {
            pairBuffer += "? ";
          }
        }
        pairBuffer += state.dump;
        if (explicitPair) {
          pairBuffer += generateNextLine(state, level);
        }
        if (!writeNode(state, level + 1, objectValue, true, explicitPair)) {
          continue;
        }
        if (state.dump && CHAR_LINE_FEED === state.dump.charCodeAt(0)) {
          pairBuffer += ":";
        } else {
          pairBuffer += ": ";
        }
        pairBuffer += state.dump;
        _result += pairBuffer;
      }
      state.tag = _tag;
      state.dump = _result || "{}";
    }
    function detectType(state, object, explicit) {
      const typeList = explicit ? state.explicitTypes : state.implicitTypes;
      for (let index = 0, length = typeList.length; index < length; index += 1) {
        const type = typeList[index];
        if ((type.instanceOf || type.predicate) && (!type.instanceOf || typeof object === "object" && object instanceof type.instanceOf) && (!type.predicate || type.predicate(object))) {
          if (explicit) {
            if (type.multi && type.representName) {
              state.tag = type.representName(object);
            } else {
              state.tag = type.tag;
            }
          } else {
            state.tag = "?";
          }
          if (type.represent) {
            const style = state.styleMap[type.tag] || type.defaultStyle;
            let _result;
            if (_toString.call(type.represent) === "[object Function]") {
              _result = type.represent(object, style);
            } else if (_hasOwnProperty.call(type.represent, style)) {
              _result = type.represent[style](object, style);
            } else {
              throw new YAMLException("!<" + type.tag + '> tag resolver accepts not "' + style + '" style');
            }
            state.dump = _result;
          }
          return true;
        }
      }
      return false;
    }
    function writeNode(state, level, object, block, compact, iskey, isblockseq) {
      state.tag = null;
      state.dump = object;
      if (!detectType(state, object, false)) {
        detectType(state, object, true);
      }
      const type = _toString.call(state.dump);
      const inblock = block;
      if (block) {
        block = state.flowLevel < 0 || state.flowLevel > level;
      }
      const objectOrArray = type === "[object Object]" || type === "[object Array]";
      let duplicateIndex;
      let duplicate;
      if (objectOrArray) {
        duplicateIndex = state.duplicates.indexOf(object);
        duplicate = duplicateIndex !== -1;
      }
      if (state.tag !== null && state.tag !== "?" || duplicate || state.indent !== 2 && level > 0) {
        compact = false;
      }
      if (duplicate && state.usedDuplicates[duplicateIndex]) {
        state.dump = "*ref_" + duplicateIndex;
      } else {
        if (objectOrArray && duplicate && !state.usedDuplicates[duplicateIndex]) {
          state.usedDuplicates[duplicateIndex] = true;
        }
        if (type === "[object Object]") {
          if (block && Object.keys(state.dump).length !== 0) {
            writeBlockMapping(state, level, state.dump, compact);
            if (duplicate) {
              state.dump = "&ref_" + duplicateIndex + state.dump;
            }
          } else {
            writeFlowMapping(state, level, state.dump);
            if (duplicate) {
              state.dump = "&ref_" + duplicateIndex + " " + state.dump;
            }
          }
        } else if (type === "[object Array]") {
          if (block && state.dump.length !== 0) {
            if (state.noArrayIndent && !isblockseq && level > 0) {
              writeBlockSequence(state, level - 1, state.dump, compact);
            } else {
              writeBlockSequence(state, level, state.dump, compact);
            }
            if (duplicate) {
              state.dump = "&ref_" + duplicateIndex + state.dump;
            }
          } else {
            writeFlowSequence(state, level, state.dump);
            if (duplicate) {
              state.dump = "&ref_" + duplicateIndex + " " + state.dump;
            }
          }
        } else if (type === "[object String]") {
          if (state.tag !== "?") {
            writeScalar(state, state.dump, level, iskey, inblock);
          }
        } else if (type === "[object Undefined]") {
          return false;
        } else {
          if (state.skipInvalid) return false;
          throw new YAMLException("unacceptable kind of an object to dump " + type);
        }
        if (state.tag !== null && state.tag !== "?") {
          let tagStr = encodeURI(
            state.tag[0] === "!" ? state.tag.slice(1) : state.tag
          ).replace(/!/g, "%21");
          if (state.tag[0] === "!") {
            tagStr = "!" + tagStr;
          } else if (tagStr.slice(0, 18) === "tag:yaml.org,2002:") {
            tagStr = "!!" + tagStr.slice(18);
          } else {
            tagStr = "!<" + tagStr + ">";
          }
          state.dump = tagStr + " " + state.dump;
        }
      }
      return true;
    }
    function getDuplicateReferences(object, state) {
      const objects = [];
      const duplicatesIndexes = [];
      inspectNode(object, objects, duplicatesIndexes);
      const length = duplicatesIndexes.length;
      for (let index = 0; index < length; index += 1) {
        state.duplicates.push(objects[duplicatesIndexes[index]]);
      }
      state.usedDuplicates = new Array(length);
    }
    function inspectNode(object, objects, duplicatesIndexes) {
      if (object !== null && typeof object === "object") {
        const index = objects.indexOf(object);
        if (index !== -1) {
          if (duplicatesIndexes.indexOf(index) === -1) {
            duplicatesIndexes.push(index);
          }
        } else {
          objects.push(object);
          if (Array.isArray(object)) {
            for (let i = 0, length = object.length; i < length; i += 1) {
              inspectNode(object[i], objects, duplicatesIndexes);
            }
          } else {
            const objectKeyList = Object.keys(object);
            for (let i = 0, length = objectKeyList.length; i < length; i += 1) {
              inspectNode(object[objectKeyList[i]], objects, duplicatesIndexes);
            }
          }
        }
      }
    }
    function dump(input, options2) {
      options2 = options2 || {};
      const state = new State(options2);
      if (!state.noRefs) getDuplicateReferences(input, state);
      let value = input;
      if (state.replacer) {
        value = state.replacer.call({ "": value }, "", value);
      }
      if (writeNode(state, 0, value, true, true)) return state.dump + "\n";
      return "";
    }
    module2.exports.dump = dump;
  }
});

// node_modules/js-yaml/index.js
var require_js_yaml = __commonJS({
  "node_modules/js-yaml/index.js"(exports2, module2) {
    "use strict";
    var loader = require_loader();
    var dumper = require_dumper();
    function renamed(from, to) {
      return function() {
        throw new Error("Function yaml." + from + " is removed in js-yaml 4. Use yaml." + to + " instead, which is now safe by default.");
      };
    }
    module2.exports.Type = require_type();
    module2.exports.Schema = require_schema();
    module2.exports.FAILSAFE_SCHEMA = require_failsafe();
    module2.exports.JSON_SCHEMA = require_json();
    module2.exports.CORE_SCHEMA = require_core();
    module2.exports.DEFAULT_SCHEMA = require_default();
    module2.exports.load = loader.load;
    module2.exports.loadAll = loader.loadAll;
    module2.exports.dump = dumper.dump;
    module2.exports.YAMLException = require_exception();
    module2.exports.types = {
      binary: require_binary(),
      float: require_float(),
      map: require_map(),
      null: require_null(),
      pairs: require_pairs(),
      set: require_set(),
      timestamp: require_timestamp(),
      bool: require_bool(),
      int: require_int(),
      merge: require_merge(),
      omap: require_omap(),
      seq: require_seq(),
      str: require_str()
    };
    module2.exports.safeLoad = renamed("safeLoad", "load");
    module2.exports.safeLoadAll = renamed("safeLoadAll", "loadAll");
    module2.exports.safeDump = renamed("safeDump", "dump");
  }
});

// node_modules/xmlbuilder2/lib/readers/YAMLReader.js
var require_YAMLReader = __commonJS({
  "node_modules/xmlbuilder2/lib/readers/YAMLReader.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.YAMLReader = void 0;
    var ObjectReader_1 = require_ObjectReader();
    var BaseReader_1 = require_BaseReader();
    var js_yaml_1 = require_js_yaml();
    var YAMLReader = class extends BaseReader_1.BaseReader {
      /**
       * Parses the given document representation.
       *
       * @param node - node receive parsed XML nodes
       * @param str - YAML string to parse
       */
      _parse(node, str) {
        const result = (0, js_yaml_1.load)(str);
        if (result === void 0) {
          throw new Error("Unable to parse YAML document.");
        }
        return new ObjectReader_1.ObjectReader(this._builderOptions).parse(node, result);
      }
    };
    exports2.YAMLReader = YAMLReader;
  }
});

// node_modules/xmlbuilder2/lib/readers/index.js
var require_readers = __commonJS({
  "node_modules/xmlbuilder2/lib/readers/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.YAMLReader = exports2.JSONReader = exports2.ObjectReader = exports2.XMLReader = void 0;
    var XMLReader_1 = require_XMLReader();
    Object.defineProperty(exports2, "XMLReader", { enumerable: true, get: function() {
      return XMLReader_1.XMLReader;
    } });
    var ObjectReader_1 = require_ObjectReader();
    Object.defineProperty(exports2, "ObjectReader", { enumerable: true, get: function() {
      return ObjectReader_1.ObjectReader;
    } });
    var JSONReader_1 = require_JSONReader();
    Object.defineProperty(exports2, "JSONReader", { enumerable: true, get: function() {
      return JSONReader_1.JSONReader;
    } });
    var YAMLReader_1 = require_YAMLReader();
    Object.defineProperty(exports2, "YAMLReader", { enumerable: true, get: function() {
      return YAMLReader_1.YAMLReader;
    } });
  }
});

// node_modules/xmlbuilder2/lib/builder/XMLBuilderImpl.js
var require_XMLBuilderImpl = __commonJS({
  "node_modules/xmlbuilder2/lib/builder/XMLBuilderImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.XMLBuilderImpl = void 0;
    var interfaces_1 = require_interfaces();
    var util_1 = require_lib();
    var writers_1 = require_writers();
    var interfaces_2 = require_interfaces2();
    var util_2 = require_util();
    var algorithm_1 = require_algorithm();
    var dom_1 = require_dom2();
    var infra_1 = require_lib2();
    var readers_1 = require_readers();
    var XMLBuilderImpl = class _XMLBuilderImpl {
      _domNode;
      /**
       * Initializes a new instance of `XMLBuilderNodeImpl`.
       *
       * @param domNode - the DOM node to wrap
       */
      constructor(domNode) {
        this._domNode = domNode;
      }
      /** @inheritdoc */
      get node() {
        return this._domNode;
      }
      /** @inheritdoc */
      get options() {
        return this._options;
      }
      /** @inheritdoc */
      set(options2) {
        this._options = (0, util_1.applyDefaults)(
          (0, util_1.applyDefaults)(this._options, options2, true),
          // apply user settings
          interfaces_1.DefaultBuilderOptions
        );
        return this;
      }
      /** @inheritdoc */
      ele(p1, p2, p3) {
        let namespace;
        let name;
        let attributes;
        if ((0, util_1.isObject)(p1)) {
          return new readers_1.ObjectReader(this._options).parse(this, p1);
        } else if ((0, util_1.isString)(p1) && p1 !== null && /^\s*</.test(p1)) {
          return new readers_1.XMLReader(this._options).parse(this, p1);
        } else if ((0, util_1.isString)(p1) && p1 !== null && /^\s*[\{\[]/.test(p1)) {
          return new readers_1.JSONReader(this._options).parse(this, p1);
        } else if ((0, util_1.isString)(p1) && p1 !== null && /^(\s*|(#.*)|(%.*))*---/.test(p1)) {
          return new readers_1.YAMLReader(this._options).parse(this, p1);
        }
        if ((p1 === null || (0, util_1.isString)(p1)) && (0, util_1.isString)(p2)) {
          [namespace, name, attributes] = [p1, p2, p3];
        } else if (p1 !== null) {
          [namespace, name, attributes] = [void 0, p1, (0, util_1.isObject)(p2) ? p2 : void 0];
        } else {
          throw new Error("Element name cannot be null. " + this._debugInfo());
        }
        if (attributes) {
          attributes = (0, util_1.getValue)(attributes);
        }
        [namespace, name] = this._extractNamespace((0, dom_1.sanitizeInput)(namespace, this._options.invalidCharReplacement), (0, dom_1.sanitizeInput)(name, this._options.invalidCharReplacement), true);
        if (namespace === void 0) {
          const [prefix] = (0, algorithm_1.namespace_extractQName)(name);
          namespace = this.node.lookupNamespaceURI(prefix);
        }
        const childNode = namespace !== void 0 && namespace !== null ? this._doc.createElementNS(namespace, name) : this._doc.createElement(name);
        this.node.appendChild(childNode);
        const builder = new _XMLBuilderImpl(childNode);
        const oldDocType = this._doc.doctype;
        if (childNode === this._doc.documentElement && oldDocType !== null) {
          const docType = this._doc.implementation.createDocumentType(this._doc.documentElement.tagName, oldDocType.publicId, oldDocType.systemId);
          this._doc.replaceChild(docType, oldDocType);
        }
        if (attributes && !(0, util_1.isEmpty)(attributes)) {
          builder.att(attributes);
        }
        return builder;
      }
      /** @inheritdoc */
      remove() {
        const parent = this.up();
        parent.node.removeChild(this.node);
        return parent;
      }
      /** @inheritdoc */
      att(p1, p2, p3) {
        if ((0, util_1.isMap)(p1) || (0, util_1.isObject)(p1)) {
          (0, util_1.forEachObject)(p1, (attName, attValue) => this.att(attName, attValue), this);
          return this;
        }
        if (p1 !== void 0 && p1 !== null)
          p1 = (0, util_1.getValue)(p1 + "");
        if (p2 !== void 0 && p2 !== null)
          p2 = (0, util_1.getValue)(p2 + "");
        if (p3 !== void 0 && p3 !== null)
          p3 = (0, util_1.getValue)(p3 + "");
        let namespace;
        let name;
        let value;
        if ((p1 === null || (0, util_1.isString)(p1)) && (0, util_1.isString)(p2) && (p3 === null || (0, util_1.isString)(p3))) {
          [namespace, name, value] = [p1, p2, p3];
        } else if ((0, util_1.isString)(p1) && (p2 == null || (0, util_1.isString)(p2))) {
          [namespace, name, value] = [void 0, p1, p2];
        } else {
          throw new Error("Attribute name and value not specified. " + this._debugInfo());
        }
        if (this._options.keepNullAttributes && value == null) {
          value = "";
        } else if (value == null) {
          return this;
        }
        if (!util_2.Guard.isElementNode(this.node)) {
          throw new Error("An attribute can only be assigned to an element node.");
        }
        let ele = this.node;
        [namespace, name] = this._extractNamespace(namespace, name, false);
        name = (0, dom_1.sanitizeInput)(name, this._options.invalidCharReplacement);
        namespace = (0, dom_1.sanitizeInput)(namespace, this._options.invalidCharReplacement);
        value = (0, dom_1.sanitizeInput)(value, this._options.invalidCharReplacement);
        const [prefix, localName] = (0, algorithm_1.namespace_extractQName)(name);
        const [elePrefix] = (0, algorithm_1.namespace_extractQName)(ele.prefix ? ele.prefix + ":" + ele.localName : ele.localName);
        let eleNamespace = null;
        if (prefix === "xmlns") {
          namespace = infra_1.namespace.XMLNS;
          if (ele.namespaceURI === null && elePrefix === localName) {
            eleNamespace = value;
          }
        } else if (prefix === null && localName === "xmlns" && elePrefix === null) {
          namespace = infra_1.namespace.XMLNS;
          eleNamespace = value;
        }
        if (eleNamespace !== null) {
          this._updateNamespace(eleNamespace);
          ele = this.node;
        }
        if (namespace !== void 0) {
          ele.setAttributeNS(namespace, name, value);
        } else {
          ele.setAttribute(name, value);
        }
        return this;
      }
      /** @inheritdoc */
      removeAtt(p1, p2) {
        if (!util_2.Guard.isElementNode(this.node)) {
          throw new Error("An attribute can only be removed from an element node.");
        }
        p1 = (0, util_1.getValue)(p1);
        if (p2 !== void 0) {
          p2 = (0, util_1.getValue)(p2);
        }
        let namespace;
        let name;
        if (p1 !== null && p2 === void 0) {
          name = p1;
        } else if ((p1 === null || (0, util_1.isString)(p1)) && p2 !== void 0) {
          namespace = p1;
          name = p2;
        } else {
          throw new Error("Attribute namespace must be a string. " + this._debugInfo());
        }
        if ((0, util_1.isArray)(name) || (0, util_1.isSet)(name)) {
          (0, util_1.forEachArray)(name, (attName) => namespace === void 0 ? this.removeAtt(attName) : this.removeAtt(namespace, attName), this);
        } else if (namespace !== void 0) {
          name = (0, dom_1.sanitizeInput)(name, this._options.invalidCharReplacement);
          namespace = (0, dom_1.sanitizeInput)(namespace, this._options.invalidCharReplacement);
          this.node.removeAttributeNS(namespace, name);
        } else {
          name = (0, dom_1.sanitizeInput)(name, this._options.invalidCharReplacement);
          this.node.removeAttribute(name);
        }
        return this;
      }
      /** @inheritdoc */
      txt(content) {
        if (content === null || content === void 0) {
          if (this._options.keepNullNodes) {
            content = "";
          } else {
            return this;
          }
        }
        const child = this._doc.createTextNode((0, dom_1.sanitizeInput)(content, this._options.invalidCharReplacement));
        this.node.appendChild(child);
        return this;
      }
      /** @inheritdoc */
      com(content) {
        if (content === null || content === void 0) {
          if (this._options.keepNullNodes) {
            content = "";
          } else {
            return this;
          }
        }
        const child = this._doc.createComment((0, dom_1.sanitizeInput)(content, this._options.invalidCharReplacement));
        this.node.appendChild(child);
        return this;
      }
      /** @inheritdoc */
      dat(content) {
        if (content === null || content === void 0) {
          if (this._options.keepNullNodes) {
            content = "";
          } else {
            return this;
          }
        }
        const child = this._doc.createCDATASection((0, dom_1.sanitizeInput)(content, this._options.invalidCharReplacement));
        this.node.appendChild(child);
        return this;
      }
      /** @inheritdoc */
      ins(target, content = "") {
        if (content === null || content === void 0) {
          if (this._options.keepNullNodes) {
            content = "";
          } else {
            return this;
          }
        }
        if ((0, util_1.isArray)(target) || (0, util_1.isSet)(target)) {
          (0, util_1.forEachArray)(target, (item) => {
            item += "";
            const insIndex = item.indexOf(" ");
            const insTarget = insIndex === -1 ? item : item.substr(0, insIndex);
            const insValue = insIndex === -1 ? "" : item.substr(insIndex + 1);
            this.ins(insTarget, insValue);
          }, this);
        } else if ((0, util_1.isMap)(target) || (0, util_1.isObject)(target)) {
          (0, util_1.forEachObject)(target, (insTarget, insValue) => this.ins(insTarget, insValue), this);
        } else {
          const child = this._doc.createProcessingInstruction((0, dom_1.sanitizeInput)(target, this._options.invalidCharReplacement), (0, dom_1.sanitizeInput)(content, this._options.invalidCharReplacement));
          this.node.appendChild(child);
        }
        return this;
      }
      /** @inheritdoc */
      dec(options2) {
        this._options.version = options2.version || "1.0";
        this._options.encoding = options2.encoding;
        this._options.standalone = options2.standalone;
        return this;
      }
      /** @inheritdoc */
      dtd(options2) {
        const name = (0, dom_1.sanitizeInput)(options2 && options2.name || (this._doc.documentElement ? this._doc.documentElement.tagName : "ROOT"), this._options.invalidCharReplacement);
        const pubID = (0, dom_1.sanitizeInput)(options2 && options2.pubID || "", this._options.invalidCharReplacement);
        const sysID = (0, dom_1.sanitizeInput)(options2 && options2.sysID || "", this._options.invalidCharReplacement);
        if (this._doc.documentElement !== null && name !== this._doc.documentElement.tagName) {
          throw new Error("DocType name does not match document element name.");
        }
        const docType = this._doc.implementation.createDocumentType(name, pubID, sysID);
        if (this._doc.doctype !== null) {
          this._doc.replaceChild(docType, this._doc.doctype);
        } else {
          this._doc.insertBefore(docType, this._doc.documentElement);
        }
        return this;
      }
      /** @inheritdoc */
      import(node) {
        const hostNode = this._domNode;
        const hostDoc = this._doc;
        const importedNode = node.node;
        const updateImportedNodeNs = (clone) => {
          if (!clone._namespace) {
            const [prefix] = (0, algorithm_1.namespace_extractQName)(clone.prefix ? clone.prefix + ":" + clone.localName : clone.localName);
            const namespace = hostNode.lookupNamespaceURI(prefix);
            new _XMLBuilderImpl(clone)._updateNamespace(namespace);
          }
        };
        if (util_2.Guard.isDocumentNode(importedNode)) {
          const elementNode = importedNode.documentElement;
          if (elementNode === null) {
            throw new Error("Imported document has no document element node. " + this._debugInfo());
          }
          const clone = hostDoc.importNode(elementNode, true);
          hostNode.appendChild(clone);
          updateImportedNodeNs(clone);
        } else if (util_2.Guard.isDocumentFragmentNode(importedNode)) {
          for (const childNode of importedNode.childNodes) {
            const clone = hostDoc.importNode(childNode, true);
            hostNode.appendChild(clone);
            if (util_2.Guard.isElementNode(clone)) {
              updateImportedNodeNs(clone);
            }
          }
        } else {
          const clone = hostDoc.importNode(importedNode, true);
          hostNode.appendChild(clone);
          if (util_2.Guard.isElementNode(clone)) {
            updateImportedNodeNs(clone);
          }
        }
        return this;
      }
      /** @inheritdoc */
      doc() {
        if (this._doc._isFragment) {
          let node = this.node;
          while (node && node.nodeType !== interfaces_2.NodeType.DocumentFragment) {
            node = node.parentNode;
          }
          if (node === null) {
            throw new Error("Node has no parent node while searching for document fragment ancestor. " + this._debugInfo());
          }
          return new _XMLBuilderImpl(node);
        } else {
          return new _XMLBuilderImpl(this._doc);
        }
      }
      /** @inheritdoc */
      root() {
        const ele = this._doc.documentElement;
        if (!ele) {
          throw new Error("Document root element is null. " + this._debugInfo());
        }
        return new _XMLBuilderImpl(ele);
      }
      /** @inheritdoc */
      up() {
        const parent = this._domNode.parentNode;
        if (!parent) {
          throw new Error("Parent node is null. " + this._debugInfo());
        }
        return new _XMLBuilderImpl(parent);
      }
      /** @inheritdoc */
      prev() {
        const node = this._domNode.previousSibling;
        if (!node) {
          throw new Error("Previous sibling node is null. " + this._debugInfo());
        }
        return new _XMLBuilderImpl(node);
      }
      /** @inheritdoc */
      next() {
        const node = this._domNode.nextSibling;
        if (!node) {
          throw new Error("Next sibling node is null. " + this._debugInfo());
        }
        return new _XMLBuilderImpl(node);
      }
      /** @inheritdoc */
      first() {
        const node = this._domNode.firstChild;
        if (!node) {
          throw new Error("First child node is null. " + this._debugInfo());
        }
        return new _XMLBuilderImpl(node);
      }
      /** @inheritdoc */
      last() {
        const node = this._domNode.lastChild;
        if (!node) {
          throw new Error("Last child node is null. " + this._debugInfo());
        }
        return new _XMLBuilderImpl(node);
      }
      /** @inheritdoc */
      each(callback, self = false, recursive = false, thisArg) {
        let result = this._getFirstDescendantNode(this._domNode, self, recursive);
        while (result[0]) {
          const nextResult = this._getNextDescendantNode(this._domNode, result[0], recursive, result[1], result[2]);
          callback.call(thisArg, new _XMLBuilderImpl(result[0]), result[1], result[2]);
          result = nextResult;
        }
        return this;
      }
      /** @inheritdoc */
      map(callback, self = false, recursive = false, thisArg) {
        let result = [];
        this.each((node, index, level) => result.push(callback.call(thisArg, node, index, level)), self, recursive);
        return result;
      }
      /** @inheritdoc */
      reduce(callback, initialValue, self = false, recursive = false, thisArg) {
        let value = initialValue;
        this.each((node, index, level) => value = callback.call(thisArg, value, node, index, level), self, recursive);
        return value;
      }
      /** @inheritdoc */
      find(predicate, self = false, recursive = false, thisArg) {
        let result = this._getFirstDescendantNode(this._domNode, self, recursive);
        while (result[0]) {
          const builder = new _XMLBuilderImpl(result[0]);
          if (predicate.call(thisArg, builder, result[1], result[2])) {
            return builder;
          }
          result = this._getNextDescendantNode(this._domNode, result[0], recursive, result[1], result[2]);
        }
        return void 0;
      }
      /** @inheritdoc */
      filter(predicate, self = false, recursive = false, thisArg) {
        let result = [];
        this.each((node, index, level) => {
          if (predicate.call(thisArg, node, index, level)) {
            result.push(node);
          }
        }, self, recursive);
        return result;
      }
      /** @inheritdoc */
      every(predicate, self = false, recursive = false, thisArg) {
        let result = this._getFirstDescendantNode(this._domNode, self, recursive);
        while (result[0]) {
          const builder = new _XMLBuilderImpl(result[0]);
          if (!predicate.call(thisArg, builder, result[1], result[2])) {
            return false;
          }
          result = this._getNextDescendantNode(this._domNode, result[0], recursive, result[1], result[2]);
        }
        return true;
      }
      /** @inheritdoc */
      some(predicate, self = false, recursive = false, thisArg) {
        let result = this._getFirstDescendantNode(this._domNode, self, recursive);
        while (result[0]) {
          const builder = new _XMLBuilderImpl(result[0]);
          if (predicate.call(thisArg, builder, result[1], result[2])) {
            return true;
          }
          result = this._getNextDescendantNode(this._domNode, result[0], recursive, result[1], result[2]);
        }
        return false;
      }
      /** @inheritdoc */
      toArray(self = false, recursive = false) {
        let result = [];
        this.each((node) => result.push(node), self, recursive);
        return result;
      }
      /** @inheritdoc */
      toString(writerOptions) {
        writerOptions = writerOptions || {};
        if (writerOptions.format === void 0) {
          writerOptions.format = "xml";
        }
        return this._serialize(writerOptions);
      }
      /** @inheritdoc */
      toObject(writerOptions) {
        writerOptions = writerOptions || {};
        if (writerOptions.format === void 0) {
          writerOptions.format = "object";
        }
        return this._serialize(writerOptions);
      }
      /** @inheritdoc */
      end(writerOptions) {
        writerOptions = writerOptions || {};
        if (writerOptions.format === void 0) {
          writerOptions.format = "xml";
        }
        return this.doc()._serialize(writerOptions);
      }
      /**
       * Gets the next descendant of the given node of the tree rooted at `root`
       * in depth-first pre-order. Returns a three-tuple with
       * [descendant, descendant_index, descendant_level].
       *
       * @param root - root node of the tree
       * @param self - whether to visit the current node along with child nodes
       * @param recursive - whether to visit all descendant nodes in tree-order or
       * only the immediate child nodes
       */
      _getFirstDescendantNode(root, self, recursive) {
        if (self)
          return [this._domNode, 0, 0];
        else if (recursive)
          return this._getNextDescendantNode(root, root, recursive, 0, 0);
        else
          return [this._domNode.firstChild, 0, 1];
      }
      /**
       * Gets the next descendant of the given node of the tree rooted at `root`
       * in depth-first pre-order. Returns a three-tuple with
       * [descendant, descendant_index, descendant_level].
       *
       * @param root - root node of the tree
       * @param node - current node
       * @param recursive - whether to visit all descendant nodes in tree-order or
       * only the immediate child nodes
       * @param index - child node index
       * @param level - current depth of the XML tree
       */
      _getNextDescendantNode(root, node, recursive, index, level) {
        if (recursive) {
          if (node.firstChild)
            return [node.firstChild, 0, level + 1];
          if (node === root)
            return [null, -1, -1];
          if (node.nextSibling)
            return [node.nextSibling, index + 1, level];
          let parent = node.parentNode;
          while (parent && parent !== root) {
            if (parent.nextSibling)
              return [parent.nextSibling, (0, algorithm_1.tree_index)(parent.nextSibling), level - 1];
            parent = parent.parentNode;
            level--;
          }
        } else {
          if (root === node)
            return [node.firstChild, 0, level + 1];
          else
            return [node.nextSibling, index + 1, level];
        }
        return [null, -1, -1];
      }
      /**
       * Converts the node into its string or object representation.
       *
       * @param options - serialization options
       */
      _serialize(writerOptions) {
        if (writerOptions.format === "xml") {
          const writer = new writers_1.XMLWriter(this._options, writerOptions);
          return writer.serialize(this.node);
        } else if (writerOptions.format === "map") {
          const writer = new writers_1.MapWriter(this._options, writerOptions);
          return writer.serialize(this.node);
        } else if (writerOptions.format === "object") {
          const writer = new writers_1.ObjectWriter(this._options, writerOptions);
          return writer.serialize(this.node);
        } else if (writerOptions.format === "json") {
          const writer = new writers_1.JSONWriter(this._options, writerOptions);
          return writer.serialize(this.node);
        } else if (writerOptions.format === "yaml") {
          const writer = new writers_1.YAMLWriter(this._options, writerOptions);
          return writer.serialize(this.node);
        } else {
          throw new Error("Invalid writer format: " + writerOptions.format + ". " + this._debugInfo());
        }
      }
      /**
       * Extracts a namespace and name from the given string.
       *
       * @param namespace - namespace
       * @param name - a string containing both a name and namespace separated by an
       * `'@'` character
       * @param ele - `true` if this is an element namespace; otherwise `false`
       */
      _extractNamespace(namespace, name, ele) {
        const atIndex = name.indexOf("@");
        if (atIndex > 0) {
          if (namespace === void 0)
            namespace = name.slice(atIndex + 1);
          name = name.slice(0, atIndex);
        }
        if (namespace === void 0) {
          namespace = ele ? this._options.defaultNamespace.ele : this._options.defaultNamespace.att;
        } else if (namespace !== null && namespace[0] === "@") {
          const alias = namespace.slice(1);
          namespace = this._options.namespaceAlias[alias];
          if (namespace === void 0) {
            throw new Error("Namespace alias `" + alias + "` is not defined. " + this._debugInfo());
          }
        }
        return [namespace, name];
      }
      /**
       * Updates the element's namespace.
       *
       * @param ns - new namespace
       */
      _updateNamespace(ns) {
        const ele = this._domNode;
        if (util_2.Guard.isElementNode(ele) && ns !== null && ele.namespaceURI !== ns) {
          const [elePrefix, eleLocalName] = (0, algorithm_1.namespace_extractQName)(ele.prefix ? ele.prefix + ":" + ele.localName : ele.localName);
          const newEle = (0, algorithm_1.create_element)(this._doc, eleLocalName, ns, elePrefix);
          for (const attr of ele.attributes) {
            const attrQName = attr.prefix ? attr.prefix + ":" + attr.localName : attr.localName;
            const [attrPrefix] = (0, algorithm_1.namespace_extractQName)(attrQName);
            let newAttrNS = attr.namespaceURI;
            if (newAttrNS === null && attrPrefix !== null) {
              newAttrNS = ele.lookupNamespaceURI(attrPrefix);
            }
            if (newAttrNS === null) {
              newEle.setAttribute(attrQName, attr.value);
            } else {
              newEle.setAttributeNS(newAttrNS, attrQName, attr.value);
            }
          }
          const parent = ele.parentNode;
          if (parent === null) {
            throw new Error("Parent node is null." + this._debugInfo());
          }
          parent.replaceChild(newEle, ele);
          this._domNode = newEle;
          for (const childNode of ele.childNodes) {
            const newChildNode = childNode.cloneNode(true);
            newEle.appendChild(newChildNode);
            if (util_2.Guard.isElementNode(newChildNode) && !newChildNode._namespace) {
              const [newChildNodePrefix] = (0, algorithm_1.namespace_extractQName)(newChildNode.prefix ? newChildNode.prefix + ":" + newChildNode.localName : newChildNode.localName);
              const newChildNodeNS = newEle.lookupNamespaceURI(newChildNodePrefix);
              new _XMLBuilderImpl(newChildNode)._updateNamespace(newChildNodeNS);
            }
          }
        }
      }
      /**
       * Returns the document owning this node.
       */
      get _doc() {
        const node = this.node;
        if (util_2.Guard.isDocumentNode(node)) {
          return node;
        } else {
          const docNode = node.ownerDocument;
          if (!docNode)
            throw new Error("Owner document is null. " + this._debugInfo());
          return docNode;
        }
      }
      /**
       * Returns debug information for this node.
       *
       * @param name - node name
       */
      _debugInfo(name) {
        const node = this.node;
        const parentNode = node.parentNode;
        name = name || node.nodeName;
        const parentName = parentNode ? parentNode.nodeName : "";
        if (!parentName) {
          return "node: <" + name + ">";
        } else {
          return "node: <" + name + ">, parent: <" + parentName + ">";
        }
      }
      /**
       * Gets or sets builder options.
       */
      get _options() {
        const doc = this._doc;
        if (doc._xmlBuilderOptions === void 0) {
          throw new Error("Builder options is not set.");
        }
        return doc._xmlBuilderOptions;
      }
      set _options(value) {
        const doc = this._doc;
        doc._xmlBuilderOptions = value;
      }
    };
    exports2.XMLBuilderImpl = XMLBuilderImpl;
  }
});

// node_modules/xmlbuilder2/lib/builder/BuilderFunctions.js
var require_BuilderFunctions = __commonJS({
  "node_modules/xmlbuilder2/lib/builder/BuilderFunctions.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.builder = builder;
    exports2.create = create2;
    exports2.fragment = fragment;
    exports2.convert = convert;
    var interfaces_1 = require_interfaces();
    var util_1 = require_lib();
    var util_2 = require_util();
    var _1 = require_builder();
    var dom_1 = require_dom2();
    function builder(p1, p2) {
      const options2 = formatBuilderOptions(isXMLBuilderCreateOptions(p1) ? p1 : interfaces_1.DefaultBuilderOptions);
      const nodes = util_2.Guard.isNode(p1) || (0, util_1.isArray)(p1) ? p1 : p2;
      if (nodes === void 0) {
        throw new Error("Invalid arguments.");
      }
      if ((0, util_1.isArray)(nodes)) {
        const builders = [];
        for (let i = 0; i < nodes.length; i++) {
          const builder2 = new _1.XMLBuilderImpl(nodes[i]);
          builder2.set(options2);
          builders.push(builder2);
        }
        return builders;
      } else {
        const builder2 = new _1.XMLBuilderImpl(nodes);
        builder2.set(options2);
        return builder2;
      }
    }
    function create2(p1, p2) {
      const options2 = formatBuilderOptions(p1 === void 0 || isXMLBuilderCreateOptions(p1) ? p1 : interfaces_1.DefaultBuilderOptions);
      const contents = isXMLBuilderCreateOptions(p1) ? p2 : p1;
      const doc = (0, dom_1.createDocument)();
      setOptions(doc, options2);
      const builder2 = new _1.XMLBuilderImpl(doc);
      if (contents !== void 0) {
        builder2.ele(contents);
      }
      return builder2;
    }
    function fragment(p1, p2) {
      const options2 = formatBuilderOptions(p1 === void 0 || isXMLBuilderCreateOptions(p1) ? p1 : interfaces_1.DefaultBuilderOptions);
      const contents = isXMLBuilderCreateOptions(p1) ? p2 : p1;
      const doc = (0, dom_1.createDocument)();
      setOptions(doc, options2, true);
      const builder2 = new _1.XMLBuilderImpl(doc.createDocumentFragment());
      if (contents !== void 0) {
        builder2.ele(contents);
      }
      return builder2;
    }
    function convert(p1, p2, p3) {
      let builderOptions;
      let contents;
      let convertOptions;
      if (isXMLBuilderCreateOptions(p1) && p2 !== void 0) {
        builderOptions = p1;
        contents = p2;
        convertOptions = p3;
      } else {
        builderOptions = interfaces_1.DefaultBuilderOptions;
        contents = p1;
        convertOptions = p2 || void 0;
      }
      return create2(builderOptions, contents).end(convertOptions);
    }
    function isXMLBuilderCreateOptions(obj) {
      if (!(0, util_1.isPlainObject)(obj))
        return false;
      for (const key in obj) {
        if (obj.hasOwnProperty(key)) {
          if (!interfaces_1.XMLBuilderOptionKeys.has(key))
            return false;
        }
      }
      return true;
    }
    function formatBuilderOptions(createOptions = {}) {
      const options2 = (0, util_1.applyDefaults)(createOptions, interfaces_1.DefaultBuilderOptions);
      if (options2.convert.att.length === 0 || options2.convert.ins.length === 0 || options2.convert.text.length === 0 || options2.convert.cdata.length === 0 || options2.convert.comment.length === 0) {
        throw new Error("JS object converter strings cannot be zero length.");
      }
      return options2;
    }
    function setOptions(doc, options2, isFragment) {
      const docWithSettings = doc;
      docWithSettings._xmlBuilderOptions = options2;
      docWithSettings._isFragment = isFragment;
    }
  }
});

// node_modules/xmlbuilder2/lib/writers/BaseCBWriter.js
var require_BaseCBWriter = __commonJS({
  "node_modules/xmlbuilder2/lib/writers/BaseCBWriter.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.BaseCBWriter = void 0;
    var BaseCBWriter = class {
      _builderOptions;
      _writerOptions;
      /**
       * Gets the current depth of the XML tree.
       */
      level = 0;
      /**
       * Determines whether any data has been written.
       */
      hasData;
      /**
       * Initializes a new instance of `BaseCBWriter`.
       *
       * @param builderOptions - XML builder options
       */
      constructor(builderOptions) {
        this._builderOptions = builderOptions;
        this._writerOptions = builderOptions;
      }
    };
    exports2.BaseCBWriter = BaseCBWriter;
  }
});

// node_modules/xmlbuilder2/lib/writers/XMLCBWriter.js
var require_XMLCBWriter = __commonJS({
  "node_modules/xmlbuilder2/lib/writers/XMLCBWriter.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.XMLCBWriter = void 0;
    var BaseCBWriter_1 = require_BaseCBWriter();
    var XMLCBWriter = class extends BaseCBWriter_1.BaseCBWriter {
      _lineLength = 0;
      /**
       * Initializes a new instance of `XMLCBWriter`.
       *
       * @param builderOptions - XML builder options
       */
      constructor(builderOptions) {
        super(builderOptions);
      }
      /** @inheritdoc */
      frontMatter() {
        return "";
      }
      /** @inheritdoc */
      declaration(version, encoding, standalone) {
        let markup = this._beginLine() + "<?xml";
        markup += ' version="' + version + '"';
        if (encoding !== void 0) {
          markup += ' encoding="' + encoding + '"';
        }
        if (standalone !== void 0) {
          markup += ' standalone="' + (standalone ? "yes" : "no") + '"';
        }
        markup += "?>";
        return markup;
      }
      /** @inheritdoc */
      docType(name, publicId, systemId) {
        let markup = this._beginLine();
        if (publicId && systemId) {
          markup += "<!DOCTYPE " + name + ' PUBLIC "' + publicId + '" "' + systemId + '">';
        } else if (publicId) {
          markup += "<!DOCTYPE " + name + ' PUBLIC "' + publicId + '">';
        } else if (systemId) {
          markup += "<!DOCTYPE " + name + ' SYSTEM "' + systemId + '">';
        } else {
          markup += "<!DOCTYPE " + name + ">";
        }
        return markup;
      }
      /** @inheritdoc */
      comment(data) {
        return this._beginLine() + "<!--" + data + "-->";
      }
      /** @inheritdoc */
      text(data) {
        return data;
      }
      /** @inheritdoc */
      instruction(target, data) {
        if (data) {
          return this._beginLine() + "<?" + target + " " + data + "?>";
        } else {
          return this._beginLine() + "<?" + target + "?>";
        }
      }
      /** @inheritdoc */
      cdata(data) {
        return this._beginLine() + "<![CDATA[" + data + "]]>";
      }
      /** @inheritdoc */
      openTagBegin(name) {
        this._lineLength += 1 + name.length;
        return this._beginLine() + "<" + name;
      }
      /** @inheritdoc */
      openTagEnd(name, selfClosing, voidElement) {
        if (voidElement) {
          return " />";
        } else if (selfClosing) {
          if (this._writerOptions.allowEmptyTags) {
            return "></" + name + ">";
          } else if (this._writerOptions.spaceBeforeSlash) {
            return " />";
          } else {
            return "/>";
          }
        } else {
          return ">";
        }
      }
      /** @inheritdoc */
      closeTag(name, hasTextPayload) {
        const ending = hasTextPayload ? "" : this._beginLine();
        return ending + "</" + name + ">";
      }
      /** @inheritdoc */
      attribute(name, value) {
        let str = name + '="' + value + '"';
        if (this._writerOptions.prettyPrint && this._writerOptions.width > 0 && this._lineLength + 1 + str.length > this._writerOptions.width) {
          str = this._beginLine() + this._indent(1) + str;
          this._lineLength = str.length;
          return str;
        } else {
          this._lineLength += 1 + str.length;
          return " " + str;
        }
      }
      /** @inheritdoc */
      beginElement(name) {
      }
      /** @inheritdoc */
      endElement(name) {
      }
      /**
       * Produces characters to be prepended to a line of string in pretty-print
       * mode.
       */
      _beginLine() {
        if (this._writerOptions.prettyPrint) {
          const str = (this.hasData ? this._writerOptions.newline : "") + this._indent(this._writerOptions.offset + this.level);
          this._lineLength = str.length;
          return str;
        } else {
          return "";
        }
      }
      /**
       * Produces an indentation string.
       *
       * @param level - depth of the tree
       */
      _indent(level) {
        if (level <= 0) {
          return "";
        } else {
          return this._writerOptions.indent.repeat(level);
        }
      }
    };
    exports2.XMLCBWriter = XMLCBWriter;
  }
});

// node_modules/xmlbuilder2/lib/writers/JSONCBWriter.js
var require_JSONCBWriter = __commonJS({
  "node_modules/xmlbuilder2/lib/writers/JSONCBWriter.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.JSONCBWriter = void 0;
    var BaseCBWriter_1 = require_BaseCBWriter();
    var JSONCBWriter = class extends BaseCBWriter_1.BaseCBWriter {
      _hasChildren = [];
      _additionalLevel = 0;
      /**
       * Initializes a new instance of `JSONCBWriter`.
       *
       * @param builderOptions - XML builder options
       */
      constructor(builderOptions) {
        super(builderOptions);
      }
      /** @inheritdoc */
      frontMatter() {
        return "";
      }
      /** @inheritdoc */
      declaration(version, encoding, standalone) {
        return "";
      }
      /** @inheritdoc */
      docType(name, publicId, systemId) {
        return "";
      }
      /** @inheritdoc */
      comment(data) {
        return this._comma() + this._beginLine() + "{" + this._sep() + this._key(this._builderOptions.convert.comment) + this._sep() + this._val(data) + this._sep() + "}";
      }
      /** @inheritdoc */
      text(data) {
        return this._comma() + this._beginLine() + "{" + this._sep() + this._key(this._builderOptions.convert.text) + this._sep() + this._val(data) + this._sep() + "}";
      }
      /** @inheritdoc */
      instruction(target, data) {
        return this._comma() + this._beginLine() + "{" + this._sep() + this._key(this._builderOptions.convert.ins) + this._sep() + this._val(data ? target + " " + data : target) + this._sep() + "}";
      }
      /** @inheritdoc */
      cdata(data) {
        return this._comma() + this._beginLine() + "{" + this._sep() + this._key(this._builderOptions.convert.cdata) + this._sep() + this._val(data) + this._sep() + "}";
      }
      /** @inheritdoc */
      attribute(name, value) {
        return this._comma() + this._beginLine(1) + "{" + this._sep() + this._key(this._builderOptions.convert.att + name) + this._sep() + this._val(value) + this._sep() + "}";
      }
      /** @inheritdoc */
      openTagBegin(name) {
        let str = this._comma() + this._beginLine() + "{" + this._sep() + this._key(name) + this._sep() + "{";
        this._additionalLevel++;
        this.hasData = true;
        str += this._beginLine() + this._key(this._builderOptions.convert.text) + this._sep() + "[";
        this._hasChildren.push(false);
        return str;
      }
      /** @inheritdoc */
      openTagEnd(name, selfClosing, voidElement) {
        if (selfClosing) {
          let str = this._sep() + "]";
          this._additionalLevel--;
          str += this._beginLine() + "}" + this._sep() + "}";
          return str;
        } else {
          return "";
        }
      }
      /** @inheritdoc */
      closeTag(name) {
        let str = this._beginLine() + "]";
        this._additionalLevel--;
        str += this._beginLine() + "}" + this._sep() + "}";
        return str;
      }
      /** @inheritdoc */
      beginElement(name) {
      }
      /** @inheritdoc */
      endElement(name) {
        this._hasChildren.pop();
      }
      /**
       * Produces characters to be prepended to a line of string in pretty-print
       * mode.
       */
      _beginLine(additionalOffset = 0) {
        if (this._writerOptions.prettyPrint) {
          return (this.hasData ? this._writerOptions.newline : "") + this._indent(this._writerOptions.offset + this.level + additionalOffset);
        } else {
          return "";
        }
      }
      /**
       * Produces an indentation string.
       *
       * @param level - depth of the tree
       */
      _indent(level) {
        if (level + this._additionalLevel <= 0) {
          return "";
        } else {
          return this._writerOptions.indent.repeat(level + this._additionalLevel);
        }
      }
      /**
       * Produces a comma before a child node if it has previous siblings.
       */
      _comma() {
        const str = this._hasChildren[this._hasChildren.length - 1] ? "," : "";
        if (this._hasChildren.length > 0) {
          this._hasChildren[this._hasChildren.length - 1] = true;
        }
        return str;
      }
      /**
       * Produces a separator string.
       */
      _sep() {
        return this._writerOptions.prettyPrint ? " " : "";
      }
      /**
       * Produces a JSON key string delimited with double quotes.
       */
      _key(key) {
        return '"' + key + '":';
      }
      /**
       * Produces a JSON value string delimited with double quotes.
       */
      _val(val) {
        return JSON.stringify(val);
      }
    };
    exports2.JSONCBWriter = JSONCBWriter;
  }
});

// node_modules/xmlbuilder2/lib/writers/YAMLCBWriter.js
var require_YAMLCBWriter = __commonJS({
  "node_modules/xmlbuilder2/lib/writers/YAMLCBWriter.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.YAMLCBWriter = void 0;
    var BaseCBWriter_1 = require_BaseCBWriter();
    var YAMLCBWriter = class extends BaseCBWriter_1.BaseCBWriter {
      _rootWritten = false;
      _additionalLevel = 0;
      /**
       * Initializes a new instance of `BaseCBWriter`.
       *
       * @param builderOptions - XML builder options
       */
      constructor(builderOptions) {
        super(builderOptions);
        if (builderOptions.indent.length < 2) {
          throw new Error("YAML indententation string must be at least two characters long.");
        }
        if (builderOptions.offset < 0) {
          throw new Error("YAML offset should be zero or a positive number.");
        }
      }
      /** @inheritdoc */
      frontMatter() {
        return this._beginLine() + "---";
      }
      /** @inheritdoc */
      declaration(version, encoding, standalone) {
        return "";
      }
      /** @inheritdoc */
      docType(name, publicId, systemId) {
        return "";
      }
      /** @inheritdoc */
      comment(data) {
        return this._beginLine() + this._key(this._builderOptions.convert.comment) + " " + this._val(data);
      }
      /** @inheritdoc */
      text(data) {
        return this._beginLine() + this._key(this._builderOptions.convert.text) + " " + this._val(data);
      }
      /** @inheritdoc */
      instruction(target, data) {
        return this._beginLine() + this._key(this._builderOptions.convert.ins) + " " + this._val(data ? target + " " + data : target);
      }
      /** @inheritdoc */
      cdata(data) {
        return this._beginLine() + this._key(this._builderOptions.convert.cdata) + " " + this._val(data);
      }
      /** @inheritdoc */
      attribute(name, value) {
        this._additionalLevel++;
        const str = this._beginLine() + this._key(this._builderOptions.convert.att + name) + " " + this._val(value);
        this._additionalLevel--;
        return str;
      }
      /** @inheritdoc */
      openTagBegin(name) {
        let str = this._beginLine() + this._key(name);
        if (!this._rootWritten) {
          this._rootWritten = true;
        }
        this.hasData = true;
        this._additionalLevel++;
        str += this._beginLine(true) + this._key(this._builderOptions.convert.text);
        return str;
      }
      /** @inheritdoc */
      openTagEnd(name, selfClosing, voidElement) {
        if (selfClosing) {
          return " " + this._val("");
        }
        return "";
      }
      /** @inheritdoc */
      closeTag(name) {
        this._additionalLevel--;
        return "";
      }
      /** @inheritdoc */
      beginElement(name) {
      }
      /** @inheritdoc */
      endElement(name) {
      }
      /**
       * Produces characters to be prepended to a line of string in pretty-print
       * mode.
       */
      _beginLine(suppressArray = false) {
        return (this.hasData ? this._writerOptions.newline : "") + this._indent(this._writerOptions.offset + this.level, suppressArray);
      }
      /**
       * Produces an indentation string.
       *
       * @param level - depth of the tree
       * @param suppressArray - whether the suppress array marker
       */
      _indent(level, suppressArray) {
        if (level + this._additionalLevel <= 0) {
          return "";
        } else {
          const chars = this._writerOptions.indent.repeat(level + this._additionalLevel);
          if (!suppressArray && this._rootWritten) {
            return chars.substr(0, chars.length - 2) + "-" + chars.substr(-1, 1);
          }
          return chars;
        }
      }
      /**
       * Produces a YAML key string delimited with double quotes.
       */
      _key(key) {
        return '"' + key + '":';
      }
      /**
       * Produces a YAML value string delimited with double quotes.
       */
      _val(val) {
        return JSON.stringify(val);
      }
    };
    exports2.YAMLCBWriter = YAMLCBWriter;
  }
});

// node_modules/xmlbuilder2/lib/builder/XMLBuilderCBImpl.js
var require_XMLBuilderCBImpl = __commonJS({
  "node_modules/xmlbuilder2/lib/builder/XMLBuilderCBImpl.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.XMLBuilderCBImpl = void 0;
    var interfaces_1 = require_interfaces();
    var util_1 = require_lib();
    var BuilderFunctions_1 = require_BuilderFunctions();
    var algorithm_1 = require_algorithm();
    var infra_1 = require_lib2();
    var NamespacePrefixMap_1 = require_NamespacePrefixMap();
    var LocalNameSet_1 = require_LocalNameSet();
    var util_2 = require_util();
    var XMLCBWriter_1 = require_XMLCBWriter();
    var JSONCBWriter_1 = require_JSONCBWriter();
    var YAMLCBWriter_1 = require_YAMLCBWriter();
    var events_1 = require("events");
    var XMLBuilderCBImpl = class _XMLBuilderCBImpl extends events_1.EventEmitter {
      static _VoidElementNames = /* @__PURE__ */ new Set([
        "area",
        "base",
        "basefont",
        "bgsound",
        "br",
        "col",
        "embed",
        "frame",
        "hr",
        "img",
        "input",
        "keygen",
        "link",
        "menuitem",
        "meta",
        "param",
        "source",
        "track",
        "wbr"
      ]);
      _options;
      _builderOptions;
      _writer;
      _fragment;
      _hasDeclaration = false;
      _docTypeName = "";
      _hasDocumentElement = false;
      _currentElement;
      _currentElementSerialized = false;
      _openTags = [];
      _prefixMap;
      _prefixIndex;
      _ended = false;
      /**
       * Initializes a new instance of `XMLStream`.
       *
       * @param options - stream writer options
       * @param fragment - whether to create fragment stream or a document stream
       *
       * @returns XML stream
       */
      constructor(options2, fragment = false) {
        super();
        this._fragment = fragment;
        this._options = (0, util_1.applyDefaults)(options2 || {}, interfaces_1.DefaultXMLBuilderCBOptions);
        this._builderOptions = {
          defaultNamespace: this._options.defaultNamespace,
          namespaceAlias: this._options.namespaceAlias
        };
        if (this._options.format === "json") {
          this._writer = new JSONCBWriter_1.JSONCBWriter(this._options);
        } else if (this._options.format === "yaml") {
          this._writer = new YAMLCBWriter_1.YAMLCBWriter(this._options);
        } else {
          this._writer = new XMLCBWriter_1.XMLCBWriter(this._options);
        }
        if (this._options.data !== void 0) {
          this.on("data", this._options.data);
        }
        if (this._options.end !== void 0) {
          this.on("end", this._options.end);
        }
        if (this._options.error !== void 0) {
          this.on("error", this._options.error);
        }
        this._prefixMap = new NamespacePrefixMap_1.NamespacePrefixMap();
        this._prefixMap.set("xml", infra_1.namespace.XML);
        this._prefixIndex = { value: 1 };
        this._push(this._writer.frontMatter());
      }
      /** @inheritdoc */
      ele(p1, p2, p3) {
        if ((0, util_1.isObject)(p1) || (0, util_1.isString)(p1) && (/^\s*</.test(p1) || /^\s*[\{\[]/.test(p1) || /^(\s*|(#.*)|(%.*))*---/.test(p1))) {
          const frag = (0, BuilderFunctions_1.fragment)().set(this._options);
          try {
            frag.ele(p1);
          } catch (err) {
            this.emit("error", err);
            return this;
          }
          for (const node of frag.node.childNodes) {
            this._fromNode(node);
          }
          return this;
        }
        this._serializeOpenTag(true);
        if (!this._fragment && this._hasDocumentElement && this._writer.level === 0) {
          this.emit("error", new Error("Document cannot have multiple document element nodes."));
          return this;
        }
        try {
          this._currentElement = (0, BuilderFunctions_1.fragment)(this._builderOptions).ele(p1, p2, p3);
        } catch (err) {
          this.emit("error", err);
          return this;
        }
        if (!this._fragment && !this._hasDocumentElement && this._docTypeName !== "" && this._currentElement.node._qualifiedName !== this._docTypeName) {
          this.emit("error", new Error("Document element name does not match DocType declaration name."));
          return this;
        }
        this._currentElementSerialized = false;
        if (!this._fragment) {
          this._hasDocumentElement = true;
        }
        return this;
      }
      /** @inheritdoc */
      att(p1, p2, p3) {
        if (this._currentElement === void 0) {
          this.emit("error", new Error("Cannot insert an attribute node as child of a document node."));
          return this;
        }
        try {
          this._currentElement.att(p1, p2, p3);
        } catch (err) {
          this.emit("error", err);
          return this;
        }
        return this;
      }
      /** @inheritdoc */
      com(content) {
        this._serializeOpenTag(true);
        let node;
        try {
          node = (0, BuilderFunctions_1.fragment)(this._builderOptions).com(content).first().node;
        } catch (err) {
          this.emit("error", err);
          return this;
        }
        if (this._options.wellFormed && (!(0, algorithm_1.xml_isLegalChar)(node.data) || node.data.indexOf("--") !== -1 || node.data.endsWith("-"))) {
          this.emit("error", new Error("Comment data contains invalid characters (well-formed required)."));
          return this;
        }
        this._push(this._writer.comment(node.data));
        return this;
      }
      /** @inheritdoc */
      txt(content) {
        if (!this._fragment && this._currentElement === void 0) {
          this.emit("error", new Error("Cannot insert a text node as child of a document node."));
          return this;
        }
        this._serializeOpenTag(true);
        let node;
        try {
          node = (0, BuilderFunctions_1.fragment)(this._builderOptions).txt(content).first().node;
        } catch (err) {
          this.emit("error", err);
          return this;
        }
        if (this._options.wellFormed && !(0, algorithm_1.xml_isLegalChar)(node.data)) {
          this.emit("error", new Error("Text data contains invalid characters (well-formed required)."));
          return this;
        }
        const markup = node.data.replace(/(?!&(lt|gt|amp|apos|quot);)&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
        this._push(this._writer.text(markup));
        const lastEl = this._openTags[this._openTags.length - 1];
        if (lastEl) {
          lastEl[lastEl.length - 1] = true;
        }
        return this;
      }
      /** @inheritdoc */
      ins(target, content = "") {
        this._serializeOpenTag(true);
        let node;
        try {
          node = (0, BuilderFunctions_1.fragment)(this._builderOptions).ins(target, content).first().node;
        } catch (err) {
          this.emit("error", err);
          return this;
        }
        if (this._options.wellFormed && (node.target.indexOf(":") !== -1 || /^xml$/i.test(node.target))) {
          this.emit("error", new Error("Processing instruction target contains invalid characters (well-formed required)."));
          return this;
        }
        if (this._options.wellFormed && !(0, algorithm_1.xml_isLegalChar)(node.data)) {
          this.emit("error", Error("Processing instruction data contains invalid characters (well-formed required)."));
          return this;
        }
        this._push(this._writer.instruction(node.target, node.data));
        return this;
      }
      /** @inheritdoc */
      dat(content) {
        this._serializeOpenTag(true);
        let node;
        try {
          node = (0, BuilderFunctions_1.fragment)(this._builderOptions).dat(content).first().node;
        } catch (err) {
          this.emit("error", err);
          return this;
        }
        this._push(this._writer.cdata(node.data));
        return this;
      }
      /** @inheritdoc */
      dec(options2 = { version: "1.0" }) {
        if (this._fragment) {
          this.emit("error", Error("Cannot insert an XML declaration into a document fragment."));
          return this;
        }
        if (this._hasDeclaration) {
          this.emit("error", Error("XML declaration is already inserted."));
          return this;
        }
        this._push(this._writer.declaration(options2.version || "1.0", options2.encoding, options2.standalone));
        this._hasDeclaration = true;
        return this;
      }
      /** @inheritdoc */
      dtd(options2) {
        if (this._fragment) {
          this.emit("error", Error("Cannot insert a DocType declaration into a document fragment."));
          return this;
        }
        if (this._docTypeName !== "") {
          this.emit("error", new Error("DocType declaration is already inserted."));
          return this;
        }
        if (this._hasDocumentElement) {
          this.emit("error", new Error("Cannot insert DocType declaration after document element."));
          return this;
        }
        let node;
        try {
          node = (0, BuilderFunctions_1.create)().dtd(options2).first().node;
        } catch (err) {
          this.emit("error", err);
          return this;
        }
        if (this._options.wellFormed && !(0, algorithm_1.xml_isPubidChar)(node.publicId)) {
          this.emit("error", new Error("DocType public identifier does not match PubidChar construct (well-formed required)."));
          return this;
        }
        if (this._options.wellFormed && (!(0, algorithm_1.xml_isLegalChar)(node.systemId) || node.systemId.indexOf('"') !== -1 && node.systemId.indexOf("'") !== -1)) {
          this.emit("error", new Error("DocType system identifier contains invalid characters (well-formed required)."));
          return this;
        }
        this._docTypeName = options2.name;
        this._push(this._writer.docType(options2.name, node.publicId, node.systemId));
        return this;
      }
      /** @inheritdoc */
      import(node) {
        const frag = (0, BuilderFunctions_1.fragment)().set(this._options);
        try {
          frag.import(node);
        } catch (err) {
          this.emit("error", err);
          return this;
        }
        for (const node2 of frag.node.childNodes) {
          this._fromNode(node2);
        }
        return this;
      }
      /** @inheritdoc */
      up() {
        this._serializeOpenTag(false);
        this._serializeCloseTag();
        return this;
      }
      /** @inheritdoc */
      end() {
        this._serializeOpenTag(false);
        while (this._openTags.length > 0) {
          this._serializeCloseTag();
        }
        this._push(null);
        return this;
      }
      /**
       * Serializes the opening tag of an element node.
       *
       * @param hasChildren - whether the element node has child nodes
       */
      _serializeOpenTag(hasChildren) {
        if (this._currentElementSerialized)
          return;
        if (this._currentElement === void 0)
          return;
        const node = this._currentElement.node;
        if (this._options.wellFormed && (node.localName.indexOf(":") !== -1 || !(0, algorithm_1.xml_isName)(node.localName))) {
          this.emit("error", new Error("Node local name contains invalid characters (well-formed required)."));
          return;
        }
        let qualifiedName = "";
        let ignoreNamespaceDefinitionAttribute = false;
        let map = this._prefixMap.copy();
        let localPrefixesMap = {};
        let localDefaultNamespace = this._recordNamespaceInformation(node, map, localPrefixesMap);
        let inheritedNS = this._openTags.length === 0 ? null : this._openTags[this._openTags.length - 1][1];
        let ns = node.namespaceURI;
        if (ns === null)
          ns = inheritedNS;
        if (inheritedNS === ns) {
          if (localDefaultNamespace !== null) {
            ignoreNamespaceDefinitionAttribute = true;
          }
          if (ns === infra_1.namespace.XML) {
            qualifiedName = "xml:" + node.localName;
          } else {
            qualifiedName = node.localName;
          }
          this._writer.beginElement(qualifiedName);
          this._push(this._writer.openTagBegin(qualifiedName));
        } else {
          let prefix = node.prefix;
          let candidatePrefix = null;
          if (prefix !== null || ns !== localDefaultNamespace) {
            candidatePrefix = map.get(prefix, ns);
          }
          if (prefix === "xmlns") {
            if (this._options.wellFormed) {
              this.emit("error", new Error("An element cannot have the 'xmlns' prefix (well-formed required)."));
              return;
            }
            candidatePrefix = prefix;
          }
          if (candidatePrefix !== null) {
            qualifiedName = candidatePrefix + ":" + node.localName;
            if (localDefaultNamespace !== null && localDefaultNamespace !== infra_1.namespace.XML) {
              inheritedNS = localDefaultNamespace || null;
            }
            this._writer.beginElement(qualifiedName);
            this._push(this._writer.openTagBegin(qualifiedName));
          } else if (prefix !== null) {
            if (prefix in localPrefixesMap) {
              prefix = this._generatePrefix(ns, map, this._prefixIndex);
            }
            map.set(prefix, ns);
            qualifiedName += prefix + ":" + node.localName;
            this._writer.beginElement(qualifiedName);
            this._push(this._writer.openTagBegin(qualifiedName));
            this._push(this._writer.attribute("xmlns:" + prefix, this._serializeAttributeValue(ns, this._options.wellFormed)));
            if (localDefaultNamespace !== null) {
              inheritedNS = localDefaultNamespace || null;
            }
          } else if (localDefaultNamespace === null || localDefaultNamespace !== null && localDefaultNamespace !== ns) {
            ignoreNamespaceDefinitionAttribute = true;
            qualifiedName += node.localName;
            inheritedNS = ns;
            this._writer.beginElement(qualifiedName);
            this._push(this._writer.openTagBegin(qualifiedName));
            this._push(this._writer.attribute("xmlns", this._serializeAttributeValue(ns, this._options.wellFormed)));
          } else {
            qualifiedName += node.localName;
            inheritedNS = ns;
            this._writer.beginElement(qualifiedName);
            this._push(this._writer.openTagBegin(qualifiedName));
          }
        }
        this._serializeAttributes(node, map, this._prefixIndex, localPrefixesMap, ignoreNamespaceDefinitionAttribute, this._options.wellFormed);
        const isHTML = ns === infra_1.namespace.HTML;
        if (isHTML && !hasChildren && _XMLBuilderCBImpl._VoidElementNames.has(node.localName)) {
          this._push(this._writer.openTagEnd(qualifiedName, true, true));
          this._writer.endElement(qualifiedName);
        } else if (!isHTML && !hasChildren) {
          this._push(this._writer.openTagEnd(qualifiedName, true, false));
          this._writer.endElement(qualifiedName);
        } else {
          this._push(this._writer.openTagEnd(qualifiedName, false, false));
        }
        this._currentElementSerialized = true;
        this._openTags.push([qualifiedName, inheritedNS, this._prefixMap, hasChildren, void 0]);
        if (this._isPrefixMapModified(this._prefixMap, map)) {
          this._prefixMap = map;
        }
        this._writer.level++;
      }
      /**
       * Serializes the closing tag of an element node.
       */
      _serializeCloseTag() {
        this._writer.level--;
        const lastEle = this._openTags.pop();
        if (lastEle === void 0) {
          this.emit("error", new Error("Last element is undefined."));
          return;
        }
        const [qualifiedName, ns, map, hasChildren, hasTextPayload] = lastEle;
        this._prefixMap = map;
        if (!hasChildren)
          return;
        this._push(this._writer.closeTag(qualifiedName, hasTextPayload));
        this._writer.endElement(qualifiedName);
      }
      /**
       * Pushes data to internal buffer.
       *
       * @param data - data
       */
      _push(data) {
        if (data === null) {
          this._ended = true;
          this.emit("end");
        } else if (this._ended) {
          this.emit("error", new Error("Cannot push to ended stream."));
        } else if (data.length !== 0) {
          this._writer.hasData = true;
          this.emit("data", data, this._writer.level);
        }
      }
      /**
       * Reads and serializes an XML tree.
       *
       * @param node - root node
       */
      _fromNode(node) {
        if (util_2.Guard.isElementNode(node)) {
          const name = node.prefix ? node.prefix + ":" + node.localName : node.localName;
          if (node.namespaceURI !== null) {
            this.ele(node.namespaceURI, name);
          } else {
            this.ele(name);
          }
          for (const attr of node.attributes) {
            const name2 = attr.prefix ? attr.prefix + ":" + attr.localName : attr.localName;
            if (attr.namespaceURI !== null) {
              this.att(attr.namespaceURI, name2, attr.value);
            } else {
              this.att(name2, attr.value);
            }
          }
          for (const child of node.childNodes) {
            this._fromNode(child);
          }
          this.up();
        } else if (util_2.Guard.isExclusiveTextNode(node) && node.data) {
          this.txt(node.data);
        } else if (util_2.Guard.isCommentNode(node)) {
          this.com(node.data);
        } else if (util_2.Guard.isCDATASectionNode(node)) {
          this.dat(node.data);
        } else if (util_2.Guard.isProcessingInstructionNode(node)) {
          this.ins(node.target, node.data);
        }
      }
      /**
       * Produces an XML serialization of the attributes of an element node.
       *
       * @param node - node to serialize
       * @param map - namespace prefix map
       * @param prefixIndex - generated namespace prefix index
       * @param localPrefixesMap - local prefixes map
       * @param ignoreNamespaceDefinitionAttribute - whether to ignore namespace
       * attributes
       * @param requireWellFormed - whether to check conformance
       */
      _serializeAttributes(node, map, prefixIndex, localPrefixesMap, ignoreNamespaceDefinitionAttribute, requireWellFormed) {
        const localNameSet = requireWellFormed ? new LocalNameSet_1.LocalNameSet() : void 0;
        for (const attr of node.attributes) {
          if (!requireWellFormed && !ignoreNamespaceDefinitionAttribute && attr.namespaceURI === null) {
            this._push(this._writer.attribute(attr.localName, this._serializeAttributeValue(attr.value, this._options.wellFormed)));
            continue;
          }
          if (requireWellFormed && localNameSet && localNameSet.has(attr.namespaceURI, attr.localName)) {
            this.emit("error", new Error("Element contains duplicate attributes (well-formed required)."));
            return;
          }
          if (requireWellFormed && localNameSet)
            localNameSet.set(attr.namespaceURI, attr.localName);
          let attributeNamespace = attr.namespaceURI;
          let candidatePrefix = null;
          if (attributeNamespace !== null) {
            candidatePrefix = map.get(attr.prefix, attributeNamespace);
            if (attributeNamespace === infra_1.namespace.XMLNS) {
              if (attr.value === infra_1.namespace.XML || attr.prefix === null && ignoreNamespaceDefinitionAttribute || attr.prefix !== null && (!(attr.localName in localPrefixesMap) || localPrefixesMap[attr.localName] !== attr.value) && map.has(attr.localName, attr.value))
                continue;
              if (requireWellFormed && attr.value === infra_1.namespace.XMLNS) {
                this.emit("error", new Error("XMLNS namespace is reserved (well-formed required)."));
                return;
              }
              if (requireWellFormed && attr.value === "") {
                this.emit("error", new Error("Namespace prefix declarations cannot be used to undeclare a namespace (well-formed required)."));
                return;
              }
              if (attr.prefix === "xmlns")
                candidatePrefix = "xmlns";
            } else if (candidatePrefix === null) {
              if (attr.prefix !== null && (!map.hasPrefix(attr.prefix) || map.has(attr.prefix, attributeNamespace))) {
                candidatePrefix = attr.prefix;
              } else {
                candidatePrefix = this._generatePrefix(attributeNamespace, map, prefixIndex);
              }
              this._push(this._writer.attribute("xmlns:" + candidatePrefix, this._serializeAttributeValue(attributeNamespace, this._options.wellFormed)));
            }
          }
          if (requireWellFormed && (attr.localName.indexOf(":") !== -1 || !(0, algorithm_1.xml_isName)(attr.localName) || attr.localName === "xmlns" && attributeNamespace === null)) {
            this.emit("error", new Error("Attribute local name contains invalid characters (well-formed required)."));
            return;
          }
          this._push(this._writer.attribute((candidatePrefix !== null ? candidatePrefix + ":" : "") + attr.localName, this._serializeAttributeValue(attr.value, this._options.wellFormed)));
        }
      }
      /**
       * Produces an XML serialization of an attribute value.
       *
       * @param value - attribute value
       * @param requireWellFormed - whether to check conformance
       */
      _serializeAttributeValue(value, requireWellFormed) {
        if (requireWellFormed && value !== null && !(0, algorithm_1.xml_isLegalChar)(value)) {
          this.emit("error", new Error("Invalid characters in attribute value."));
          return "";
        }
        if (value === null)
          return "";
        return value.replace(/(?!&(lt|gt|amp|apos|quot);)&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
      }
      /**
       * Records namespace information for the given element and returns the
       * default namespace attribute value.
       *
       * @param node - element node to process
       * @param map - namespace prefix map
       * @param localPrefixesMap - local prefixes map
       */
      _recordNamespaceInformation(node, map, localPrefixesMap) {
        let defaultNamespaceAttrValue = null;
        for (const attr of node.attributes) {
          let attributeNamespace = attr.namespaceURI;
          let attributePrefix = attr.prefix;
          if (attributeNamespace === infra_1.namespace.XMLNS) {
            if (attributePrefix === null) {
              defaultNamespaceAttrValue = attr.value;
              continue;
            } else {
              let prefixDefinition = attr.localName;
              let namespaceDefinition = attr.value;
              if (namespaceDefinition === infra_1.namespace.XML) {
                continue;
              }
              if (namespaceDefinition === "") {
                namespaceDefinition = null;
              }
              if (map.has(prefixDefinition, namespaceDefinition)) {
                continue;
              }
              map.set(prefixDefinition, namespaceDefinition);
              localPrefixesMap[prefixDefinition] = namespaceDefinition || "";
            }
          }
        }
        return defaultNamespaceAttrValue;
      }
      /**
       * Generates a new prefix for the given namespace.
       *
       * @param newNamespace - a namespace to generate prefix for
       * @param prefixMap - namespace prefix map
       * @param prefixIndex - generated namespace prefix index
       */
      _generatePrefix(newNamespace, prefixMap, prefixIndex) {
        let generatedPrefix = "ns" + prefixIndex.value;
        prefixIndex.value++;
        prefixMap.set(generatedPrefix, newNamespace);
        return generatedPrefix;
      }
      /**
       * Determines if the namespace prefix map was modified from its original.
       *
       * @param originalMap - original namespace prefix map
       * @param newMap - new namespace prefix map
       */
      _isPrefixMapModified(originalMap, newMap) {
        const items1 = originalMap._items;
        const items2 = newMap._items;
        const nullItems1 = originalMap._nullItems;
        const nullItems2 = newMap._nullItems;
        for (const key in items2) {
          const arr1 = items1[key];
          if (arr1 === void 0)
            return true;
          const arr2 = items2[key];
          if (arr1.length !== arr2.length)
            return true;
          for (let i = 0; i < arr1.length; i++) {
            if (arr1[i] !== arr2[i])
              return true;
          }
        }
        if (nullItems1.length !== nullItems2.length)
          return true;
        for (let i = 0; i < nullItems1.length; i++) {
          if (nullItems1[i] !== nullItems2[i])
            return true;
        }
        return false;
      }
    };
    exports2.XMLBuilderCBImpl = XMLBuilderCBImpl;
  }
});

// node_modules/xmlbuilder2/lib/builder/BuilderFunctionsCB.js
var require_BuilderFunctionsCB = __commonJS({
  "node_modules/xmlbuilder2/lib/builder/BuilderFunctionsCB.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.createCB = createCB;
    exports2.fragmentCB = fragmentCB;
    var _1 = require_builder();
    function createCB(options2) {
      return new _1.XMLBuilderCBImpl(options2);
    }
    function fragmentCB(options2) {
      return new _1.XMLBuilderCBImpl(options2, true);
    }
  }
});

// node_modules/xmlbuilder2/lib/builder/index.js
var require_builder = __commonJS({
  "node_modules/xmlbuilder2/lib/builder/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.fragmentCB = exports2.createCB = exports2.convert = exports2.fragment = exports2.create = exports2.builder = exports2.XMLBuilderCBImpl = exports2.XMLBuilderImpl = void 0;
    var XMLBuilderImpl_1 = require_XMLBuilderImpl();
    Object.defineProperty(exports2, "XMLBuilderImpl", { enumerable: true, get: function() {
      return XMLBuilderImpl_1.XMLBuilderImpl;
    } });
    var XMLBuilderCBImpl_1 = require_XMLBuilderCBImpl();
    Object.defineProperty(exports2, "XMLBuilderCBImpl", { enumerable: true, get: function() {
      return XMLBuilderCBImpl_1.XMLBuilderCBImpl;
    } });
    var BuilderFunctions_1 = require_BuilderFunctions();
    Object.defineProperty(exports2, "builder", { enumerable: true, get: function() {
      return BuilderFunctions_1.builder;
    } });
    Object.defineProperty(exports2, "create", { enumerable: true, get: function() {
      return BuilderFunctions_1.create;
    } });
    Object.defineProperty(exports2, "fragment", { enumerable: true, get: function() {
      return BuilderFunctions_1.fragment;
    } });
    Object.defineProperty(exports2, "convert", { enumerable: true, get: function() {
      return BuilderFunctions_1.convert;
    } });
    var BuilderFunctionsCB_1 = require_BuilderFunctionsCB();
    Object.defineProperty(exports2, "createCB", { enumerable: true, get: function() {
      return BuilderFunctionsCB_1.createCB;
    } });
    Object.defineProperty(exports2, "fragmentCB", { enumerable: true, get: function() {
      return BuilderFunctionsCB_1.fragmentCB;
    } });
  }
});

// node_modules/xmlbuilder2/lib/index.js
var require_lib4 = __commonJS({
  "node_modules/xmlbuilder2/lib/index.js"(exports2) {
    "use strict";
    Object.defineProperty(exports2, "__esModule", { value: true });
    exports2.fragmentCB = exports2.createCB = exports2.convert = exports2.fragment = exports2.create = exports2.builder = void 0;
    var builder_1 = require_builder();
    Object.defineProperty(exports2, "builder", { enumerable: true, get: function() {
      return builder_1.builder;
    } });
    Object.defineProperty(exports2, "create", { enumerable: true, get: function() {
      return builder_1.create;
    } });
    Object.defineProperty(exports2, "fragment", { enumerable: true, get: function() {
      return builder_1.fragment;
    } });
    Object.defineProperty(exports2, "convert", { enumerable: true, get: function() {
      return builder_1.convert;
    } });
    Object.defineProperty(exports2, "createCB", { enumerable: true, get: function() {
      return builder_1.createCB;
    } });
    Object.defineProperty(exports2, "fragmentCB", { enumerable: true, get: function() {
      return builder_1.fragmentCB;
    } });
  }
});

// cli/src/action.ts
var import_node_fs4 = require("node:fs");

// cli/src/qa.ts
var import_node_fs3 = require("node:fs");
var import_node_path2 = __toESM(require("node:path"));
var import_node_util = require("node:util");

// cli/src/http.ts
var import_node_http = __toESM(require("node:http"));
var import_node_https = __toESM(require("node:https"));
var EXIT = {
  passed: 0,
  failed: 1,
  usage: 2,
  inconclusive: 3,
  unavailable: 4,
  timedOut: 5,
  sigint: 130,
  sigterm: 143
};
var PRECEDENCE = [EXIT.usage, EXIT.failed, EXIT.timedOut, EXIT.unavailable, EXIT.inconclusive];
function decisive(codes) {
  for (const code of PRECEDENCE) if (codes.includes(code)) return code;
  return codes.find((c) => c !== 0) ?? 0;
}
var QaError = class extends Error {
  constructor(exitCode, message, httpStatus) {
    super(message);
    this.exitCode = exitCode;
    this.httpStatus = httpStatus;
  }
  exitCode;
  httpStatus;
};
var TRANSIENT = /* @__PURE__ */ new Set([429, 502, 503, 504]);
var sleep = (ms) => new Promise((r) => setTimeout(r, ms));
var Api = class {
  constructor(o) {
    this.o = o;
  }
  o;
  get baseUrl() {
    return this.o.url.replace(/\/+$/, "");
  }
  /** A v1 operation: POST /api/v1/<op>. */
  op(operation, body) {
    return this.request("POST", `/api/v1/${operation}`, body);
  }
  /**
   * Where a redirecting GET points (e.g. GET /api/runs/{runId}/trace), or null when there is nothing
   * (404) or this credential may not have it (403: the trace is for organization API keys only).
   * The target is a short-lived link that needs no credential.
   */
  async redirectOf(path3) {
    const url = new URL(`${this.baseUrl}${path3}`);
    const res = await send(
      url,
      "GET",
      { Authorization: `Bearer ${this.o.key}`, "User-Agent": "qa-cli" },
      void 0,
      6e4
    );
    if (res.status === 404 || res.status === 403) return null;
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) return new URL(location, url).href;
    throw new QaError(
      EXIT.unavailable,
      `GET ${path3} answered ${res.status}: ${errorMessage(safeJson(res.text), res.status)}`,
      res.status
    );
  }
  async request(method, path3, body, headers = {}, timeoutMs = 6e4) {
    let lastProblem = "";
    for (let attempt = 1; attempt <= this.o.attempts; attempt++) {
      let res;
      try {
        res = await send(
          new URL(`${this.baseUrl}${path3}`),
          method,
          { Authorization: `Bearer ${this.o.key}`, "User-Agent": "qa-cli", ...headers },
          body === void 0 ? void 0 : JSON.stringify(body),
          timeoutMs
        );
      } catch (error) {
        lastProblem = `cannot reach ${this.baseUrl}: ${error.message}`;
        await this.backoff(attempt, lastProblem);
        continue;
      }
      const { text } = res;
      const parsed = text ? safeJson(text) : null;
      if (res.status >= 200 && res.status < 300) return parsed;
      const message = errorMessage(parsed, res.status);
      if (TRANSIENT.has(res.status)) {
        lastProblem = `${method} ${path3} answered ${res.status}: ${message}`;
        const retryAfter = Number(res.headers["retry-after"]);
        await this.backoff(attempt, lastProblem, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1e3 : 0);
        continue;
      }
      if (res.status === 401 || res.status === 403)
        throw new QaError(
          EXIT.usage,
          `the API key was refused (${res.status}): ${message}; check QA_API_KEY`,
          res.status
        );
      if (res.status === 400 || res.status === 404 || res.status === 409 || res.status === 422)
        throw new QaError(EXIT.usage, message, res.status);
      throw new QaError(EXIT.unavailable, `${method} ${path3} answered ${res.status}: ${message}`, res.status);
    }
    throw new QaError(
      EXIT.unavailable,
      `the service stayed unavailable after ${this.o.attempts} attempts (${lastProblem})`
    );
  }
  async backoff(attempt, problem, atLeastMs = 0) {
    if (attempt >= this.o.attempts) return;
    const delay = Math.max(
      atLeastMs,
      Math.min(3e4, this.o.backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2))
    );
    this.o.log(`${problem}; retrying in ${(delay / 1e3).toFixed(1)} s (attempt ${attempt + 1} of ${this.o.attempts})`);
    await sleep(delay);
  }
};
function send(url, method, headers, payload, timeoutMs) {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === "https:" ? import_node_https.default : import_node_http.default).request(url, {
      method,
      headers: {
        ...headers,
        ...payload !== void 0 ? { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(payload) } : {}
      }
    });
    const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    request.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    request.on("response", (response) => {
      const chunks = [];
      response.on("data", (c) => chunks.push(c));
      response.on("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      response.on("close", () => {
        if (response.complete) return;
        clearTimeout(timer);
        reject(new Error("the connection closed before the whole answer arrived"));
      });
      response.on("end", () => {
        clearTimeout(timer);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString("utf8")
        });
      });
    });
    request.end(payload);
  });
}
function safeJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
function errorMessage(body, status) {
  if (body && typeof body === "object" && "error" in body) {
    const error = body.error;
    if (typeof error === "string") return error;
    if (error && typeof error === "object" && "message" in error) {
      const e = error;
      return e.code ? `${e.code}: ${e.message}` : e.message;
    }
  }
  return typeof body === "string" && body ? body.slice(0, 300) : `HTTP ${status}`;
}

// cli/src/args.ts
var HELP = `qa: trigger QA Runs from CI, wait for them, write JUnit XML, exit with a gate code.

Usage:
  qa run (--plan <id or exact name> | --case <id>) (--env <slug> | --base-url <url>) [options]
  qa status <runId | planGroupRunId> [--wait] [--timeout <duration>] [--junit <file>] [--json]
  qa evidence <runId> [--download <dir>] [--json]
  qa schedules list [--json]
  qa schedules pause|resume|trigger <scheduleId> [--json]
  qa channels list [--json]
  qa channels add --name <name> --kind slack|teams [--when every|failures|change]
                  [--plan <id or name>] [--env <slug>] [--branch <name>]   (URL from QA_CHANNEL_URL)
  qa channels update <channelId> [--name <name>] [--when \u2026] [--plan \u2026] [--env \u2026] [--branch \u2026]
                  [--enable | --disable] [--new-url (from QA_CHANNEL_URL)]   (an empty value clears a field)
  qa channels test|remove <channelId>
  qa connections list [--json]
  qa connections set github|gitlab [--check-name <name>] [--provider-url <API root>]
                  token from QA_SCM_TOKEN; or GitHub App: --app-id <id> [--installation-id <n>]
                  with the private key (PEM) in QA_GITHUB_APP_KEY
  qa connections remove github|gitlab
  qa generate "<what to test, in words>" --env <slug> [--name <name>] [--wait] [--timeout <duration>] [--json]
  qa generation <testPlanId> [--json]

Configuration: QA_API_URL (or --api-url) and QA_API_KEY (environment only, never a flag).
Secrets of channels and connections come from the environment too, never from flags.

qa run options:
  --branch, --commit, --pr     deployment fields (default: from GitHub Actions / GitLab CI variables)
  --wait                       follow the Runs until every one has ended
  --timeout <duration>         stop waiting after e.g. 90s, 20m, 1h (the Runs go on); default 60m
  --on-timeout detach|cancel   when the wait times out (default detach: print how to resume)
  --on-interrupt detach|cancel on Ctrl-C / SIGTERM (default detach)
  --junit <file>               write JUnit XML (one testsuite, one testcase per Run)
  --artifacts-dir <dir>        download failure screenshots and reference them in the JUnit XML
  --json                       one final JSON document on stdout; human text on stderr
  --fail-on-flaky              a flaky pass exits 1
  --accessibility off|report|fail
                               check each page of the web Runs with axe-core (overrides the plan's
                               setting; fail: a new serious or critical violation fails the Run)
  --rerun-failed <planGroupRunId|last|auto>
                               re-run only the members that did not pass (auto: on a GitHub re-run
                               attempt, those of the previous attempt; otherwise the whole plan)
  --changed-since <git ref>    run only the members whose covers:<glob> tags match
                               git diff --name-only <ref>...HEAD (members without covers: always run)
  --fail-fast                  cancel the plan group's other members after the first failure (they
                               end canceled, <skipped> in JUnit)
  --fail-fast-after <n>        the same after n failures
  --cancel-superseded          cancel the unfinished members of older groups of the same plan,
                               Environment and branch
  --idempotency-key <key>      override the key derived from the CI run (run id + attempt + job)
  --retries <n>                attempts on network errors, 429 and 5xx (default 6, with backoff)

qa generate explores the Environment's web target, writes cases from what it saw and tries each;
it prints every proposed case as ready (every step passed) or draft (the failed step, the runner's
reason, what is missing), or why nothing was proposed. Nothing is saved: keep a case with
test_case.create. With --wait it exits 0 when some case is ready, 1 when none is (default timeout 10m).

Exit codes:
  0    every Run passed
  1    at least one Run failed (also a flaky pass with --fail-on-flaky; a test message that failed)
  2    usage, configuration or authentication error (bad flag, bad key, unknown plan or environment)
  3    inconclusive: none failed, at least one unverified, invalid or canceled
  4    the service stayed unavailable after retries
  5    the wait timed out
  130  interrupted (SIGINT), 143 terminated (SIGTERM)
  With mixed results the most decisive code wins: 2 > 1 > 5 > 4 > 3.
  A Run of a quarantined Test Case does not count (listed, and <skipped> in JUnit).
`;
var options = {
  plan: { type: "string" },
  case: { type: "string" },
  env: { type: "string" },
  "base-url": { type: "string" },
  branch: { type: "string" },
  commit: { type: "string" },
  pr: { type: "string" },
  wait: { type: "boolean" },
  timeout: { type: "string" },
  "on-timeout": { type: "string" },
  "on-interrupt": { type: "string" },
  junit: { type: "string" },
  "artifacts-dir": { type: "string" },
  json: { type: "boolean" },
  "fail-on-flaky": { type: "boolean" },
  "rerun-failed": { type: "string" },
  "changed-since": { type: "string" },
  "fail-fast": { type: "boolean" },
  "fail-fast-after": { type: "string" },
  "cancel-superseded": { type: "boolean" },
  "idempotency-key": { type: "string" },
  "api-url": { type: "string" },
  retries: { type: "string" },
  download: { type: "string" },
  accessibility: { type: "string" },
  name: { type: "string" },
  kind: { type: "string" },
  when: { type: "string" },
  enable: { type: "boolean" },
  disable: { type: "boolean" },
  "new-url": { type: "boolean" },
  "check-name": { type: "string" },
  "provider-url": { type: "string" },
  "app-id": { type: "string" },
  "installation-id": { type: "string" },
  help: { type: "boolean", short: "h" }
};
function parseDuration(text) {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim());
  if (!m) throw new QaError(EXIT.usage, `--timeout ${text}: give a duration such as 90s, 20m or 1h`);
  const unit = { ms: 1, s: 1e3, m: 6e4, h: 36e5 }[m[2] ?? "s"];
  return Number(m[1]) * unit;
}
function choice(flag, value, allowed, fallback) {
  if (value === void 0) return fallback;
  if (!allowed.includes(value)) throw new QaError(EXIT.usage, `--${flag} must be one of ${allowed.join(", ")}`);
  return value;
}
function failFastOf(f) {
  const after = f["fail-fast-after"];
  if (after === void 0) return f["fail-fast"] ? { afterFailures: 1 } : void 0;
  if (!/^[1-9]\d{0,3}$/.test(after) || Number(after) > 1e3)
    throw new QaError(EXIT.usage, `--fail-fast-after ${after}: give a number of failures from 1 to 1000`);
  return { afterFailures: Number(after) };
}

// cli/src/ci.ts
var import_node_child_process = require("node:child_process");
var import_node_crypto = require("node:crypto");
var import_node_fs = require("node:fs");
function ciContext(env) {
  if (env.GITHUB_ACTIONS === "true") {
    const pr = /^refs\/pull\/(\d+)\//.exec(env.GITHUB_REF ?? "")?.[1];
    const attempt = Number(env.GITHUB_RUN_ATTEMPT ?? "1") || 1;
    return {
      provider: "github",
      branch: env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME || void 0,
      commit: env.GITHUB_SHA || void 0,
      pr,
      repository: env.GITHUB_REPOSITORY || void 0,
      runKey: env.GITHUB_RUN_ID ? `gh-${env.GITHUB_REPOSITORY ?? ""}-${env.GITHUB_RUN_ID}-${attempt}-${env.GITHUB_JOB ?? ""}` : void 0,
      attempt,
      stepSummaryFile: env.GITHUB_STEP_SUMMARY || void 0
    };
  }
  if (env.GITLAB_CI === "true") {
    return {
      provider: "gitlab",
      branch: env.CI_MERGE_REQUEST_SOURCE_BRANCH_NAME || env.CI_COMMIT_REF_NAME || void 0,
      commit: env.CI_COMMIT_SHA || void 0,
      pr: env.CI_MERGE_REQUEST_IID || void 0,
      repository: env.CI_PROJECT_PATH || void 0,
      // A retried GitLab job gets a new job id but keeps its pipeline and name.
      runKey: env.CI_PIPELINE_ID ? `gl-${env.CI_PROJECT_ID ?? ""}-${env.CI_PIPELINE_ID}-${env.CI_JOB_NAME ?? ""}` : void 0
    };
  }
  return { provider: env.CI ? "other" : "none" };
}
function idempotencyKeyFor(ci, what) {
  if (!ci.runKey) return `qa-${(0, import_node_crypto.randomUUID)()}`;
  const digest = (0, import_node_crypto.createHash)("sha256").update(JSON.stringify(what)).digest("hex").slice(0, 16);
  return `qa-${ci.runKey}-${digest}`.slice(0, 200);
}
function reportToGithub(ci, result) {
  const esc = (s) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
  const escProp = (s) => esc(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
  let annotations = 0;
  for (const c of result.cases.filter((x) => x.status === "failed" && !x.quarantine))
    for (const s of c.steps.filter((x) => x.status === "failed")) {
      if (annotations++ >= 10) break;
      process.stdout.write(
        `::error title=${escProp(`${c.name}: step ${s.index + 1} ${s.action}${s.target ? ` ${s.target}` : ""}`)}::${esc(`${s.reason}${s.diagnosis ? ` (${s.diagnosis.category}: ${s.diagnosis.suggestedAction})` : ""}${c.reportUrl ? ` Report: ${c.reportUrl}` : ""}`)}
`
      );
    }
  if (ci.stepSummaryFile) {
    const cell = (s) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");
    const rows = result.cases.map(
      (c) => `| ${cell(c.name)} | ${c.status}${c.flaky ? " (flaky)" : ""}${c.quarantine ? " (quarantined)" : ""} | ${(c.durationMs / 1e3).toFixed(1)} s | ${c.reportUrl ? `[report](${c.reportUrl})` : ""} |`
    );
    (0, import_node_fs.appendFileSync)(
      ci.stepSummaryFile,
      [
        `### QA: ${cell(result.name)}`,
        "",
        "| Test Case | Status | Duration | Report |",
        "| --- | --- | --- | --- |",
        ...rows,
        "",
        ...result.reportUrl ? [`[Plan group report](${result.reportUrl})`, ""] : []
      ].join("\n")
    );
  }
}
function gitChangedFiles(ref) {
  try {
    return (0, import_node_child_process.execFileSync)("git", ["diff", "--name-only", `${ref}...HEAD`], { encoding: "utf8" }).split("\n").map((l) => l.trim()).filter(Boolean);
  } catch (error) {
    throw new QaError(EXIT.usage, `git diff --name-only ${ref}...HEAD failed: ${error.message}`);
  }
}

// cli/src/accessibility.ts
var IMPACTS = ["critical", "serious", "moderate", "minor"];
var counts = (c) => {
  const named = IMPACTS.filter((i) => c[i] > 0).map((i) => `${c[i]} ${i}`);
  return named.length ? named.join(", ") : "none";
};
function accessibilityText(s) {
  const fresh = s.newViolations ? `; new: ${counts(s.newViolations)}` : "; no baseline to compare with";
  return `${s.pages} page${s.pages === 1 ? "" : "s"}: ${counts(s.violations)}${fresh}`;
}
function addUp(summaries) {
  const present = summaries.filter((s) => !!s);
  if (!present.length) return void 0;
  const sum = (pick) => Object.fromEntries(IMPACTS.map((i) => [i, present.reduce((n, s) => n + (pick(s)?.[i] ?? 0), 0)]));
  const compared = present.some((s) => s.newViolations);
  return {
    mode: present.some((s) => s.mode === "fail") ? "fail" : "report",
    pages: present.reduce((n, s) => n + s.pages, 0),
    violations: sum((s) => s.violations),
    ...compared ? { newViolations: sum((s) => s.newViolations) } : {}
  };
}

// cli/src/shapes.ts
var TERMINAL = /* @__PURE__ */ new Set(["passing", "failed", "unverified", "canceled", "invalid"]);
var ID = { run: /^run_[0-9a-z]{26}$/, group: /^pgr_[0-9a-z]{26}$/, plan: /^tp_[0-9a-z]{26}$/ };
var SCHEDULE_ID = /^sch_[0-9a-z]{26}$/;
var CHANNEL_ID = /^nch_[0-9a-z]{26}$/;

// cli/src/follow.ts
var RunFollower = class {
  constructor(api, out) {
    this.api = api;
    this.out = out;
  }
  api;
  out;
  /** The Test Case name of each Run. */
  names = /* @__PURE__ */ new Map();
  /** The Test Case name of each Run, for the progress lines. */
  async loadNames(subject) {
    if (ID.group.test(subject)) {
      const group = await this.api.request("GET", `/api/plan-groups/${subject}`);
      for (const m of group.members) if (m.runId) this.names.set(m.runId, m.name);
      return;
    }
    const state = await this.api.op("run.get", { runId: subject });
    if (state.testCaseId)
      this.names.set(subject, (await this.api.op("test_case.get", { testCaseId: state.testCaseId })).name);
  }
  /**
   * Follows every Run with run.get long-polls until all are terminal; false when the deadline came
   * first. With a plan group, also its start order (once known), its expected end and an early stop.
   */
  async follow(runIds, deadline, group) {
    const states = /* @__PURE__ */ new Map();
    for (const runId of runIds) states.set(runId, await this.api.op("run.get", { runId }));
    for (const s of states.values()) this.show(s);
    const groupView = group ? new GroupView(this.api, this.out, group) : null;
    for (; ; ) {
      await groupView?.look();
      const open = [...states.values()].filter((s) => !TERMINAL.has(s.status));
      if (!open.length) await groupView?.look(true);
      if (!open.length) {
        this.out.done();
        return true;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        this.out.done();
        return false;
      }
      const [first, ...rest] = open;
      const waitMs = Math.max(0, Math.min(2e4, left));
      const next = await this.api.op(
        "run.get",
        { runId: first.runId, cursor: first.cursor, waitMs }
        // (the HTTP timeout covers the long-poll)
      );
      states.set(first.runId, next);
      this.show(next);
      for (const s of rest) {
        const now = await this.api.op("run.get", { runId: s.runId });
        states.set(s.runId, now);
        this.show(now);
      }
    }
  }
  show(s) {
    const name = this.names.get(s.runId) ?? s.runId;
    this.out.progress(
      s.runId,
      `${name}: ${s.progress.completed}/${s.progress.total} steps, ${s.status}${s.flaky ? " (flaky)" : ""}` + (s.accessibility ? `; accessibility ${accessibilityText(s.accessibility)}` : "")
    );
  }
  async cancel(runIds) {
    let canceled = 0;
    for (const runId of runIds) {
      try {
        await this.api.request("POST", `/api/runs/${runId}/cancel`, {}, { "Idempotency-Key": `qa-cancel-${runId}` });
        canceled++;
      } catch (error) {
        if (!(error instanceof QaError && error.httpStatus === 422))
          this.out.line(`qa: could not cancel ${runId}: ${error.message}`);
      }
    }
    const left = runIds.length - canceled;
    this.out.line(`Canceled ${canceled} Run(s)${left ? `; ${left} had already ended or could not be canceled` : ""}.`);
  }
};
var GROUP_LOOK_MS = 5e3;
var GroupView = class {
  constructor(api, out, id) {
    this.api = api;
    this.out = out;
    this.id = id;
  }
  api;
  out;
  id;
  lastLook = 0;
  orderShown = false;
  stopShown = false;
  async look(last = false) {
    if (!last && Date.now() - this.lastLook < GROUP_LOOK_MS) return;
    this.lastLook = Date.now();
    const group = await this.api.request("GET", `/api/plan-groups/${this.id}`);
    const placed = group.members.filter((m) => m.scheduling).sort((a, b) => a.scheduling.order - b.scheduling.order);
    if (!this.orderShown && placed.length) {
      this.orderShown = true;
      this.out.line("Start order:");
      for (const m of placed) this.out.line(`  ${m.scheduling.order}. ${m.name}: ${m.scheduling.reason}`);
    }
    const stopped = group.scheduling?.stopped;
    if (stopped && !this.stopShown) {
      this.stopShown = true;
      this.out.line(`Plan group stopped early (${stopped.cause.replace("_", " ")}): ${stopped.reason}`);
    }
    const end = last ? void 0 : group.scheduling?.expectedEndAt;
    if (end) this.out.progress(this.id, `Plan group: expected end around ${clock(Math.ceil(end / 1e4) * 1e4)}`);
  }
};
var clock = (ms) => new Date(ms).toISOString().slice(11, 19) + " UTC";

// cli/src/output.ts
var Output = class {
  constructor(stream, mode) {
    this.stream = stream;
    this.mode = mode;
  }
  stream;
  mode;
  live = /* @__PURE__ */ new Map();
  drawn = 0;
  line(text) {
    this.clear();
    this.stream.write(`${text}
`);
    this.redraw();
  }
  /** One line per Run: its name, steps done/total and status. */
  progress(key, text) {
    if (this.live.get(key) === text) return;
    this.live.set(key, text);
    if (this.mode === "plain") this.stream.write(`${text}
`);
    else {
      this.clear();
      this.redraw();
    }
  }
  done() {
    this.drawn = 0;
    this.live.clear();
  }
  clear() {
    if (this.mode === "tty" && this.drawn) this.stream.write(`\x1B[${this.drawn}A\x1B[0J`);
    this.drawn = 0;
  }
  redraw() {
    if (this.mode !== "tty") return;
    for (const text of this.live.values()) this.stream.write(`${text}
`);
    this.drawn = this.live.size;
  }
};

// cli/src/report.ts
var import_node_fs2 = require("node:fs");
var import_node_path = __toESM(require("node:path"));

// cli/src/junit.ts
var import_xmlbuilder2 = __toESM(require_lib4());
var seconds = (ms) => (Math.max(0, ms) / 1e3).toFixed(3);
var stepLine = (s) => `${s.index + 1}. ${s.action}${s.target ? ` ${s.target}` : ""}: ${s.status}${s.reason ? ` (${s.reason})` : ""}${s.diagnosis ? ` [${s.diagnosis.category}: ${s.diagnosis.suggestedAction}]` : ""} ${seconds(s.durationMs)} s`;
function failureOf(c) {
  const step = c.steps.find((s) => s.status === "failed");
  return {
    message: step?.reason || c.note || `the Run ended ${c.status}`,
    type: step?.diagnosis?.category ?? c.diagnosisCategory ?? c.status
  };
}
function junitXml(suite) {
  const unique = uniqueNames(suite.cases.map((c) => c.name));
  const gating = suite.cases.filter((c) => !c.quarantine);
  const failures = gating.filter((c) => c.status === "failed").length;
  const errors = gating.filter((c) => c.status === "unverified" || c.status === "invalid").length;
  const skipped = suite.cases.length - gating.length + gating.filter((c) => c.status === "canceled" || c.status === "not_selected").length;
  const doc = (0, import_xmlbuilder2.create)({ version: "1.0", encoding: "UTF-8" });
  const ts = doc.ele("testsuite", {
    name: suite.name,
    tests: String(suite.cases.length),
    failures: String(failures),
    errors: String(errors),
    skipped: String(skipped),
    time: seconds(suite.cases.reduce((n, c) => n + c.durationMs, 0))
  });
  const props = ts.ele("properties");
  const prop = (name, value) => {
    if (value !== void 0 && value !== "") props.ele("property", { name, value });
  };
  prop("planGroupRunId", suite.planGroupRunId);
  prop("environment", suite.environment);
  prop("reportUrl", suite.reportUrl);
  prop("timestamp", new Date(suite.timestamp).toISOString());
  const total = addUp(suite.cases.map((c) => c.accessibility));
  prop("accessibility", total && accessibilityText(total));
  suite.cases.forEach((c, i) => {
    const n = unique[i];
    prop(`${n}.runId`, c.runId);
    prop(`${n}.environment`, c.environment ?? suite.environment);
    prop(`${n}.verdict`, c.verdict ?? (c.status === "not_selected" ? "not_selected" : void 0));
    prop(`${n}.validity`, c.validity);
    prop(`${n}.reportUrl`, c.reportUrl);
    prop(`${n}.accessibility`, c.accessibility && accessibilityText(c.accessibility));
  });
  suite.cases.forEach((c, i) => {
    const tc = ts.ele("testcase", { name: unique[i], classname: suite.name, time: seconds(c.durationMs) });
    if (c.quarantine) {
      tc.ele("skipped", { message: `quarantined: ${c.quarantine.reason} (the Run ended ${c.status})` });
    } else if (c.status === "failed") {
      const f = failureOf(c);
      tc.ele("failure", f).txt(c.steps.map(stepLine).join("\n"));
    } else if (c.status === "passing" && c.flaky) {
      tc.ele("flakyFailure", {
        message: "passed after a retry: the first attempt did not pass",
        type: "flaky"
      }).ele("stackTrace").txt(c.note ?? "see the report link");
    } else if (c.status === "unverified" || c.status === "invalid") {
      const f = failureOf(c);
      tc.ele("error", { message: f.message, type: f.type }).txt(c.steps.map(stepLine).join("\n"));
    } else if (c.status === "canceled") {
      tc.ele("skipped", { message: c.note ?? "the Run was canceled" });
    } else if (c.status === "not_selected") {
      tc.ele("skipped", { message: c.note ?? "not selected: no covers: glob matched a changed file" });
    }
    const out = [
      ...c.runId ? [`Run: ${c.runId}`] : [],
      `Status: ${c.status}${c.verdict ? ` (verdict ${c.verdict}, validity ${c.validity ?? "valid"})` : ""}`,
      ...c.reportUrl ? [`Report: ${c.reportUrl}`] : [],
      ...c.note ? [c.note] : [],
      ...c.accessibility ? [`Accessibility: ${accessibilityText(c.accessibility)}`] : [],
      ...c.steps.map(stepLine),
      ...c.attachments.map((p) => `[[ATTACHMENT|${p}]]`)
    ];
    tc.ele("system-out").txt(out.join("\n"));
  });
  return doc.end({ prettyPrint: true });
}
function uniqueNames(names) {
  const seen = /* @__PURE__ */ new Map();
  return names.map((name) => {
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}

// cli/src/report.ts
var Reporter = class {
  constructor(api, out, flags, ci) {
    this.api = api;
    this.out = out;
    this.flags = flags;
    this.ci = ci;
  }
  api;
  out;
  flags;
  ci;
  /** Reads the final state of a plan group or a Run into the report's shape. */
  async collect(subject, withEvidence) {
    if (ID.group.test(subject)) {
      const group = await this.api.request("GET", `/api/plan-groups/${subject}`);
      const cases = [];
      for (const m of group.members) {
        const ran = m.runId && m.status !== "passed_in_original";
        const ended = ran && withEvidence && TERMINAL.has(m.status);
        const ev2 = ended ? await this.api.op("run.evidence", { runId: m.runId }) : null;
        const state2 = ended ? await this.api.op("run.get", { runId: m.runId }) : null;
        cases.push(await this.caseOf(m, ev2, group.environmentSlug, state2?.accessibility));
      }
      return {
        name: group.planName,
        planGroupRunId: group.planGroupRunId,
        environment: group.environmentSlug,
        reportUrl: group.reportUrl,
        timestamp: group.createdAt,
        cases
      };
    }
    const state = await this.api.op("run.get", { runId: subject });
    const name = state.testCaseId ? (await this.api.op("test_case.get", { testCaseId: state.testCaseId })).name : subject;
    const ev = withEvidence && TERMINAL.has(state.status) ? await this.api.op("run.evidence", { runId: subject }) : null;
    const durationMs = state.createdAt && state.updatedAt ? state.updatedAt - state.createdAt : 0;
    const c = await this.caseOf(
      {
        name,
        status: state.status,
        runId: state.runId,
        verdict: state.verdict,
        validity: state.validity,
        flaky: state.flaky,
        reportUrl: state.reportUrl,
        reason: state.diagnosis?.reason,
        diagnosisCategory: state.diagnosis?.category,
        durationMs,
        testCaseId: state.testCaseId,
        quarantined: state.quarantined
      },
      ev,
      state.environmentSlug,
      state.accessibility
    );
    return { name, environment: state.environmentSlug, timestamp: state.createdAt ?? Date.now(), cases: [c] };
  }
  async caseOf(m, ev, environment, accessibility) {
    const steps = ev?.steps ?? [];
    const attachments = [];
    const dir = this.flags["artifacts-dir"];
    if (dir && (m.status === "failed" || m.status === "unverified" || m.status === "invalid")) {
      (0, import_node_fs2.mkdirSync)(dir, { recursive: true });
      for (const s of steps.filter((x) => x.status === "failed"))
        for (const media of s.media.filter((x) => x.kind === "screenshot"))
          attachments.push(await this.download(media.url, import_node_path.default.join(dir, `${m.runId}-step-${s.index + 1}.png`)));
    }
    const durationMs = m.durationMs ?? steps.reduce((n, s) => n + s.durationMs, 0);
    return {
      name: m.name,
      status: m.status,
      runId: m.runId,
      verdict: m.verdict,
      validity: m.validity,
      flaky: !!m.flaky,
      reportUrl: m.reportUrl,
      environment,
      note: m.reason ?? ev?.diagnosis?.reason,
      diagnosisCategory: m.diagnosisCategory ?? ev?.diagnosis?.category,
      durationMs,
      steps,
      attachments,
      ...accessibility ? { accessibility } : {},
      ...m.quarantined ? {
        quarantine: {
          reason: m.quarantineReason ?? "quarantined",
          flakeRate: await this.flakeRate(m, environment)
        }
      } : {}
    };
  }
  /** The flake rate a quarantined case has in this environment lately (from its health). */
  async flakeRate(m, environment) {
    if (!m.testCaseId) return void 0;
    const health = await this.api.request("GET", `/api/test-cases/${m.testCaseId}/health`);
    return health.environments.find((e) => e.environmentSlug === environment)?.flakeRate;
  }
  async download(url, file) {
    const res = await fetch(url);
    if (!res.ok) throw new QaError(EXIT.unavailable, `could not download ${url}: HTTP ${res.status}`);
    (0, import_node_fs2.writeFileSync)(file, Buffer.from(await res.arrayBuffer()));
    return file;
  }
  printLinks(result) {
    if (result.reportUrl) this.out.line(`Report: ${result.reportUrl}`);
    for (const c of result.cases) if (c.reportUrl && c.runId) this.out.line(`  ${c.name}: ${c.reportUrl}`);
  }
  printSummary(result) {
    this.out.line(`${result.name}:`);
    for (const c of result.cases) {
      const why = c.status === "failed" || c.status === "unverified" || c.status === "invalid" ? ` - ${failureOf(c).message}` : c.note && c.status !== "passing" ? ` - ${c.note}` : "";
      this.out.line(
        `  ${c.status.padEnd(18)} ${c.name}${c.flaky ? " (flaky)" : ""}${c.quarantine ? " (quarantined)" : ""}${why}`
      );
      if (c.accessibility) this.out.line(`  ${"".padEnd(18)} accessibility: ${accessibilityText(c.accessibility)}`);
      if (c.reportUrl) this.out.line(`  ${"".padEnd(18)} ${c.reportUrl}`);
    }
    const total = result.cases.length > 1 ? addUp(result.cases.map((c) => c.accessibility)) : void 0;
    if (total) this.out.line(`Accessibility over ${result.cases.length} Runs: ${accessibilityText(total)}`);
    for (const c of result.cases.filter((x) => x.quarantine)) {
      const rate = c.quarantine.flakeRate;
      this.out.line(
        `Quarantined: ${c.name}${rate === void 0 ? "" : ` (flake rate ${Math.round(rate * 100)}%)`}: ${c.quarantine.reason}; it does not count toward the exit code`
      );
    }
    if (result.reportUrl) this.out.line(`Report: ${result.reportUrl}`);
  }
  /** Writes JUnit, GitHub annotations and step summary, the JSON document; answers the exit code. */
  finish(result, extra) {
    const codes = result.cases.map((c) => {
      if (c.quarantine) return EXIT.passed;
      if (c.status === "failed") return EXIT.failed;
      if (c.flaky && this.flags["fail-on-flaky"]) return EXIT.failed;
      if (["unverified", "invalid", "canceled"].includes(c.status)) return EXIT.inconclusive;
      return EXIT.passed;
    });
    const code = decisive(extra === null ? codes : [...codes, extra]);
    if (this.flags.junit) {
      (0, import_node_fs2.mkdirSync)(import_node_path.default.dirname(import_node_path.default.resolve(this.flags.junit)), { recursive: true });
      (0, import_node_fs2.writeFileSync)(this.flags.junit, junitXml(result));
      this.out.line(`JUnit: ${this.flags.junit}`);
    }
    if (this.ci.provider === "github") reportToGithub(this.ci, result);
    if (this.flags.json) process.stdout.write(`${JSON.stringify({ exitCode: code, ...result })}
`);
    return code;
  }
};

// cli/src/notify.ts
var import_node_crypto2 = require("node:crypto");

// cli/src/channel-update.ts
var WHEN = ["every", "failures", "change"];
var field = (rule, key, value) => {
  if (value === void 0) return;
  if (value === "") delete rule[key];
  else rule[key] = value;
};
async function updateChannel(c, id, keyOf2) {
  const f = c.flags;
  if (f.enable && f.disable) throw new QaError(EXIT.usage, "give --enable or --disable, not both");
  if (f.when !== void 0 && !WHEN.includes(f.when))
    throw new QaError(EXIT.usage, `--when must be one of ${WHEN.join(", ")}`);
  const url = c.env.QA_CHANNEL_URL;
  if (f["new-url"] && !url) throw new QaError(EXIT.usage, "--new-url reads the channel's new URL from QA_CHANNEL_URL");
  const body = {
    ...f.name !== void 0 ? { name: f.name } : {},
    ...f.enable ? { enabled: true } : f.disable ? { enabled: false } : {},
    ...f["new-url"] ? { url } : {}
  };
  if ([f.when, f.plan, f.env, f.branch].some((v) => v !== void 0)) {
    const channel = await c.api.request("GET", `/api/notification-channels/${id}`);
    if (channel.rules.length !== 1)
      throw new QaError(
        EXIT.usage,
        `${id} has ${channel.rules.length} rules; change them with PATCH /api/notification-channels/${id}`
      );
    const rule = { ...channel.rules[0] };
    field(rule, "when", f.when);
    field(rule, "testPlanIds", f.plan === void 0 ? void 0 : f.plan && [await c.resolvePlan(f.plan)]);
    field(rule, "environmentSlugs", f.env === void 0 ? void 0 : f.env && [f.env]);
    field(rule, "branches", f.branch === void 0 ? void 0 : f.branch && [f.branch]);
    body.rules = [rule];
  }
  if (!Object.keys(body).length)
    throw new QaError(
      EXIT.usage,
      "qa channels update <id> needs --name, --when, --plan, --env, --branch, --enable, --disable or --new-url"
    );
  return c.api.request("PATCH", `/api/notification-channels/${id}`, body, keyOf2(c));
}

// cli/src/notify.ts
var WHEN2 = ["every", "failures", "change"];
var PROVIDERS = ["github", "gitlab"];
var ruleText = (r) => [
  r.when,
  r.testPlanIds?.length ? `plans ${r.testPlanIds.join(",")}` : "",
  r.scheduleIds?.length ? `schedules ${r.scheduleIds.join(",")}` : "",
  r.environmentSlugs?.length ? `env ${r.environmentSlugs.join(",")}` : "",
  r.branches?.length ? `branches ${r.branches.join(",")}` : ""
].filter(Boolean).join(" ");
var print = (c, answer, human) => c.flags.json ? process.stdout.write(`${JSON.stringify(answer)}
`) : c.out.line(human);
var keyOf = (c) => ({ "Idempotency-Key": c.flags["idempotency-key"] ?? (0, import_node_crypto2.randomUUID)() });
async function channelsCommand(c, args) {
  const [verb, id, ...extra] = args;
  if (extra.length) throw new QaError(EXIT.usage, `unexpected argument ${extra[0]}`);
  if (verb === "list") {
    const { items } = await c.api.request("GET", "/api/notification-channels");
    if (c.flags.json) return print(c, { channels: items }, ""), EXIT.passed;
    if (!items.length)
      c.out.line("no channels; add one with QA_CHANNEL_URL=\u2026 qa channels add --name <name> --kind slack");
    for (const ch of items)
      c.out.line(
        `${ch.id}  ${ch.name}  ${ch.kind}  ${ch.enabled ? "enabled" : "disabled"}  ${ch.rules.map(ruleText).join("; ")}` + (ch.failureStreak > 0 ? `  FAILING: ${ch.failureStreak} in a row (${ch.lastError ?? "no answer"})` : "")
      );
    return EXIT.passed;
  }
  if (verb === "add") {
    if (id) throw new QaError(EXIT.usage, `unexpected argument ${id}`);
    return addChannel(c);
  }
  if (verb !== "test" && verb !== "remove" && verb !== "update")
    throw new QaError(
      EXIT.usage,
      "usage: qa channels list | add --name <name> --kind slack|teams | update <id> | test <id> | remove <id>"
    );
  if (!id || !CHANNEL_ID.test(id)) throw new QaError(EXIT.usage, `usage: qa channels ${verb} <nch_\u2026 id>`);
  if (verb === "update") {
    const changed = await updateChannel(c, id, keyOf);
    print(
      c,
      changed,
      `${id}: ${changed.name} (${changed.kind}, ${changed.enabled ? "enabled" : "disabled"}, ${changed.rules.map(ruleText).join("; ")})`
    );
    return EXIT.passed;
  }
  if (verb === "remove") {
    const answer2 = await c.api.request("DELETE", `/api/notification-channels/${id}`, void 0, keyOf(c));
    print(c, answer2, `${id}: removed`);
    return EXIT.passed;
  }
  const sent = await c.api.request(
    "POST",
    `/api/notification-channels/${id}/test`,
    void 0,
    keyOf(c)
  );
  const answer = sent.statusCode ? ` (HTTP ${sent.statusCode})` : "";
  print(c, sent, `${id}: test message ${sent.status}${answer}${sent.error ? `: ${sent.error}` : ""}`);
  return sent.status === "failed" ? EXIT.failed : EXIT.passed;
}
async function addChannel(c) {
  const f = c.flags;
  const url = c.env.QA_CHANNEL_URL;
  if (!f.name) throw new QaError(EXIT.usage, "qa channels add needs --name");
  if (f.kind !== "slack" && f.kind !== "teams") throw new QaError(EXIT.usage, "--kind must be slack or teams");
  if (!url)
    throw new QaError(EXIT.usage, "set QA_CHANNEL_URL to the channel's incoming-webhook URL (kept in a secret)");
  const when = f.when ?? "every";
  if (!WHEN2.includes(when))
    throw new QaError(EXIT.usage, `--when must be one of ${WHEN2.join(", ")}`);
  const rule = {
    when,
    ...f.plan ? { testPlanIds: [await c.resolvePlan(f.plan)] } : {},
    ...f.env ? { environmentSlugs: [f.env] } : {},
    ...f.branch ? { branches: [f.branch] } : {}
  };
  const made = await c.api.request(
    "POST",
    "/api/notification-channels",
    { name: f.name, kind: f.kind, url, rules: [rule] },
    keyOf(c)
  );
  print(
    c,
    made,
    `${made.id}: added ${made.name} (${made.kind}, ${made.rules.map(ruleText).join("; ")}); test it with qa channels test ${made.id}`
  );
  return EXIT.passed;
}
async function connectionsCommand(c, args) {
  const [verb, provider, ...extra] = args;
  if (extra.length) throw new QaError(EXIT.usage, `unexpected argument ${extra[0]}`);
  if (verb === "list") {
    if (provider) throw new QaError(EXIT.usage, "usage: qa connections list [--json]");
    const found = [];
    for (const p of PROVIDERS) {
      const row = await c.api.request("GET", `/api/commit-connections/${p}`).catch((e) => {
        if (e instanceof QaError && e.httpStatus === 404) return null;
        throw e;
      });
      if (row) found.push(row);
    }
    if (c.flags.json) return print(c, { connections: found }, ""), EXIT.passed;
    for (const p of PROVIDERS) {
      const row = found.find((r) => r.provider === p);
      c.out.line(
        row ? `${p}  connected with ${row.authKind === "app" ? `App ${row.appId}` : "a token"}  ${row.apiUrl}  check "${row.checkName}"` : `${p}  not connected`
      );
    }
    return EXIT.passed;
  }
  if (verb !== "set" && verb !== "remove" || !PROVIDERS.includes(provider ?? ""))
    throw new QaError(EXIT.usage, "usage: qa connections list | set github|gitlab | remove github|gitlab");
  if (verb === "remove") {
    const answer = await c.api.request("DELETE", `/api/commit-connections/${provider}`, void 0, keyOf(c));
    print(c, answer, `${provider}: disconnected`);
    return EXIT.passed;
  }
  const saved = await c.api.request(
    "PUT",
    `/api/commit-connections/${provider}`,
    connectionBody(c, provider),
    keyOf(c)
  );
  print(
    c,
    saved,
    `${provider}: connected with ${saved.authKind === "app" ? `App ${saved.appId}` : "a token"} (check "${saved.checkName}")`
  );
  return EXIT.passed;
}
function connectionBody(c, provider) {
  const f = c.flags;
  const common = {
    ...f["provider-url"] ? { apiUrl: f["provider-url"] } : {},
    ...f["check-name"] ? { checkName: f["check-name"] } : {}
  };
  if (f["app-id"]) {
    if (provider !== "github") throw new QaError(EXIT.usage, "--app-id connects a GitHub App; GitLab takes a token");
    const privateKey = c.env.QA_GITHUB_APP_KEY;
    if (!privateKey) throw new QaError(EXIT.usage, "set QA_GITHUB_APP_KEY to the App's private key (PEM)");
    const installation = f["installation-id"];
    if (installation !== void 0 && !/^[1-9]\d{0,15}$/.test(installation))
      throw new QaError(EXIT.usage, "--installation-id must be a number");
    return {
      ...common,
      auth: {
        kind: "app",
        appId: f["app-id"],
        privateKey,
        ...installation ? { installationId: Number(installation) } : {}
      }
    };
  }
  const token = c.env.QA_SCM_TOKEN;
  if (!token) throw new QaError(EXIT.usage, `set QA_SCM_TOKEN to the ${provider} token (kept in a secret)`);
  return provider === "gitlab" ? { ...common, token } : { ...common, auth: { kind: "token", token } };
}

// cli/src/generate.ts
var import_node_crypto3 = require("node:crypto");
var POLL_MS = 2e3;
async function generateCommand(api, out, prompt, env, o) {
  const started = await api.request(
    "POST",
    "/api/generate",
    { name: o.name ?? prompt.replace(/\s+/g, " ").trim().slice(0, 100), prompt, environmentSlug: env },
    // One key for every attempt of this command: a retry after a lost answer starts one generation.
    { "Idempotency-Key": o.idempotencyKey ?? (0, import_node_crypto3.randomUUID)() }
  );
  if (!o.wait) {
    if (o.json) process.stdout.write(`${JSON.stringify(started)}
`);
    else out.line(`${started.testPlanId}: generating; see it with qa generation ${started.testPlanId}`);
    return EXIT.passed;
  }
  const deadline = Date.now() + o.timeoutMs;
  for (; ; ) {
    const g = await api.request("GET", `/api/generate/${started.testPlanId}`);
    if (g.status !== "generating") return show(out, g, o.json);
    if (Date.now() > deadline) {
      out.line(`qa: still generating; see it later with qa generation ${started.testPlanId}`);
      return EXIT.timedOut;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}
async function generationCommand(api, out, testPlanId, json) {
  if (!ID.plan.test(testPlanId)) throw new QaError(EXIT.usage, "usage: qa generation <tp_\u2026 id>");
  return show(out, await api.request("GET", `/api/generate/${testPlanId}`), json);
}
function show(out, g, json) {
  if (json) process.stdout.write(`${JSON.stringify(g)}
`);
  else {
    out.line(`${g.testPlanId} ${g.name}: ${g.status}${g.environmentSlug ? ` (Environment ${g.environmentSlug})` : ""}`);
    const e = g.exploration;
    if (e)
      out.line(
        `  explored ${e.pages.length} page(s): ${e.pages.map((p) => p.path).join(", ")} (budget ${e.budget.maxPages} pages, ${Math.round(e.budget.timeMs / 1e3)} s; ${e.stoppedBecause})`
      );
    for (const c of g.cases) {
      out.line(`  ${c.proposal.padEnd(5)}  ${c.title}  (${c.passedSteps}/${c.steps.length} steps passed when tried)`);
      if (c.failedStep)
        out.line(
          `         step ${c.failedStep.index + 1} failed: ${c.failedStep.reason}` + (c.failedStep.suggestion ? `; ${c.failedStep.suggestion}` : "")
        );
      else if (c.missing) out.line(`         missing: ${c.missing}`);
    }
    const reason = g.reason ?? g.failureReason;
    if (reason) out.line(`  why: ${reason}`);
    if (g.cases.some((c) => c.proposal === "ready"))
      out.line("  keep a case: test_case.create with its testCaseSteps (qa generation <id> --json shows them)");
  }
  return g.status === "failed" ? EXIT.failed : EXIT.passed;
}

// cli/src/schedules.ts
var import_node_crypto4 = require("node:crypto");
var MAX_PAGES = 10;
var timing = (s) => s.cron ? `cron "${s.cron}" ${s.timezone ?? "UTC"}` : `every ${s.every}`;
async function schedulesCommand(api, out, json, args, idempotencyKey) {
  const [verb, id, ...extra] = args;
  if (extra.length) throw new QaError(EXIT.usage, `unexpected argument ${extra[0]}`);
  if (verb === "list") {
    if (id) throw new QaError(EXIT.usage, "usage: qa schedules list [--json]");
    const rows = [];
    let cursor = null;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = `/api/schedules?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const answer2 = await api.request("GET", query);
      rows.push(...answer2.items);
      cursor = answer2.nextCursor;
      if (!cursor) break;
    }
    if (json) process.stdout.write(`${JSON.stringify({ schedules: rows })}
`);
    else if (!rows.length) out.line("no schedules; create one with POST /api/schedules (see docs/schedules.md)");
    for (const s of json ? [] : rows)
      out.line(
        `${s.id}  ${s.name}  ${timing(s)}  ${s.paused ? "paused" : "active"}  ${s.state ?? "no groups yet"}` + (s.lastError ? `  last fire queued nothing: ${s.lastError}` : "")
      );
    return EXIT.passed;
  }
  if (verb !== "pause" && verb !== "resume" && verb !== "trigger")
    throw new QaError(EXIT.usage, "usage: qa schedules list | pause <id> | resume <id> | trigger <id>");
  if (!id || !SCHEDULE_ID.test(id)) throw new QaError(EXIT.usage, `usage: qa schedules ${verb} <sch_\u2026 id>`);
  const key = idempotencyKey ?? (0, import_node_crypto4.randomUUID)();
  const answer = await api.request(
    "POST",
    `/api/schedules/${id}/${verb}`,
    void 0,
    { "Idempotency-Key": key }
  );
  if (json) process.stdout.write(`${JSON.stringify(answer)}
`);
  else
    out.line(
      verb === "trigger" ? `${id}: fired; its group shows in GET /api/schedules/${id} (recentGroups)` : `${id}: ${answer.paused ? "paused" : "active"}`
    );
  return EXIT.passed;
}

// cli/src/qa.ts
var Cli = class {
  constructor(flags) {
    this.flags = flags;
  }
  flags;
  api;
  out;
  runs;
  report;
  ci = ciContext(process.env);
  /** Runs being followed, so an interrupt can cancel them. */
  following = [];
  resume = "";
  setup() {
    const json = !!this.flags.json;
    const stream = json ? process.stderr : process.stdout;
    const tty = !!stream.isTTY && !process.env.CI;
    this.out = new Output(stream, tty ? "tty" : "plain");
    const url = this.flags["api-url"] ?? process.env.QA_API_URL;
    const key = process.env.QA_API_KEY;
    if (!url) throw new QaError(EXIT.usage, "set QA_API_URL (or pass --api-url) to the service address");
    if (!/^https?:\/\//.test(url)) throw new QaError(EXIT.usage, `QA_API_URL ${url} is not an http(s) address`);
    if (!key) throw new QaError(EXIT.usage, "set QA_API_KEY to an API key of your organization (kept in a secret)");
    const attempts = this.flags.retries ? Number(this.flags.retries) : 6;
    if (!Number.isInteger(attempts) || attempts < 1 || attempts > 20)
      throw new QaError(EXIT.usage, "--retries must be an integer from 1 to 20");
    this.api = new Api({
      url,
      key,
      attempts,
      backoffMs: Number(process.env.QA_RETRY_BACKOFF_MS ?? 500),
      log: (line) => this.out.line(`qa: ${line}`)
    });
    this.runs = new RunFollower(this.api, this.out);
    this.report = new Reporter(this.api, this.out, this.flags, this.ci);
  }
  // ---- qa schedules
  schedules(args) {
    return schedulesCommand(this.api, this.out, !!this.flags.json, args, this.flags["idempotency-key"]);
  }
  // ---- qa channels, qa connections
  notify() {
    return {
      api: this.api,
      out: this.out,
      flags: this.flags,
      env: process.env,
      resolvePlan: (p) => this.resolvePlan(p)
    };
  }
  // ---- qa generate / qa generation
  generate(prompt) {
    const f = this.flags;
    if (!f.env) throw new QaError(EXIT.usage, "qa generate explores an Environment: give --env <slug>");
    return generateCommand(this.api, this.out, prompt, f.env, {
      json: !!f.json,
      wait: !!f.wait,
      timeoutMs: parseDuration(f.timeout ?? "10m"),
      idempotencyKey: f["idempotency-key"],
      name: f.name
    });
  }
  generation(testPlanId) {
    return generationCommand(this.api, this.out, testPlanId, !!this.flags.json);
  }
  // ---- qa run
  async run() {
    const f = this.flags;
    const rerunOfGroup = !!f["rerun-failed"] && ID.group.test(f["rerun-failed"]);
    if (rerunOfGroup && f.case)
      throw new QaError(EXIT.usage, "--rerun-failed re-runs a plan group; it takes no --case");
    if (!rerunOfGroup && !!f.plan === !!f.case) throw new QaError(EXIT.usage, "give exactly one of --plan and --case");
    if (f.env && f["base-url"]) throw new QaError(EXIT.usage, "give --env or --base-url, not both");
    if (!rerunOfGroup && !f.env && !f["base-url"])
      throw new QaError(EXIT.usage, "give --env <slug> or --base-url <url>");
    if (f["rerun-failed"] && !f.plan && !rerunOfGroup)
      throw new QaError(EXIT.usage, "--rerun-failed last|auto needs --plan");
    const timeoutMs = parseDuration(f.timeout ?? "60m");
    if ((f["fail-fast"] || f["fail-fast-after"] || f["cancel-superseded"]) && !f.plan)
      throw new QaError(EXIT.usage, "--fail-fast, --fail-fast-after and --cancel-superseded need --plan");
    const failFast = failFastOf(f);
    const accessibility = f.accessibility && choice("accessibility", f.accessibility, ["off", "report", "fail"], "off");
    const commit = f.commit ?? this.ci.commit;
    const target = {
      ...f.env ? { environmentSlug: f.env } : {},
      ...f["base-url"] ? { targets: { web: { baseUrl: f["base-url"] } } } : {}
    };
    const testPlanId = f.plan ? await this.resolvePlan(f.plan) : void 0;
    let queued;
    const spec = f["rerun-failed"];
    const previous = spec ? await this.previousGroup(spec, testPlanId, commit) : null;
    if (previous) {
      const key = f["idempotency-key"] ?? idempotencyKeyFor(
        this.ci,
        ID.group.test(spec) ? { rerun: spec } : { rerun: spec, testPlanId, env: f.env, commit }
      );
      const rerunOnce = (planGroupRunId) => this.api.request(
        "POST",
        "/api/runs/rerun",
        { planGroupRunId, only: "not_passing" },
        { "Idempotency-Key": key }
      );
      let rerunOf = previous.planGroupRunId;
      let rerun;
      try {
        rerun = await rerunOnce(rerunOf);
      } catch (error) {
        if (!(error instanceof QaError && error.httpStatus === 409 && previous.rerunOf && !ID.group.test(spec)))
          throw error;
        rerunOf = previous.rerunOf;
        rerun = await rerunOnce(rerunOf);
      }
      this.out.line(`Re-running what did not pass in ${rerunOf}: ${rerun.runIds.length} Run(s)`);
      queued = rerun;
    } else {
      const changedFiles = f["changed-since"] ? gitChangedFiles(f["changed-since"]) : void 0;
      const body = {
        ...testPlanId ? { testPlanId } : { testCaseId: f.case },
        ...target,
        ...f.branch ?? this.ci.branch ? { branch: f.branch ?? this.ci.branch } : {},
        ...f.pr ?? this.ci.pr ? { pr: f.pr ?? this.ci.pr } : {},
        ...commit ? {
          deployment: {
            commitSha: commit,
            ...this.ci.provider !== "none" ? { provider: this.ci.provider } : {},
            ...this.ci.repository ? { repository: this.ci.repository } : {}
          }
        } : {},
        ...changedFiles ? { scope: "changed", changedFiles } : {},
        ...failFast ? { failFast } : {},
        ...f["cancel-superseded"] ? { cancelSuperseded: true } : {},
        ...accessibility ? { accessibility: { mode: accessibility } } : {}
      };
      const idempotencyKey = f["idempotency-key"] ?? idempotencyKeyFor(this.ci, body);
      queued = await this.api.op("run.trigger", { idempotencyKey, ...body });
      for (const older of queued.superseded ?? [])
        this.out.line(`Canceling the unfinished members of superseded plan group ${older}`);
      for (const s of queued.selection ?? [])
        this.out.line(`${s.selected ? "selected" : "skipped "} ${s.name}: ${s.reason}`);
    }
    const ids = queued;
    this.out.line(
      ids.planGroupRunId ? `Queued plan group ${ids.planGroupRunId}: ${ids.runIds.length} Run(s)` : `Queued Run ${ids.runIds[0]}`
    );
    const subject = ids.planGroupRunId ?? ids.runIds[0];
    if (!f.wait) {
      const result = await this.report.collect(subject, false);
      this.report.printLinks(result);
      this.report.finish(result, null);
      return EXIT.passed;
    }
    return this.waitAndReport(subject, ids.runIds, timeoutMs);
  }
  // ---- qa status
  async status(id) {
    if (!ID.run.test(id) && !ID.group.test(id))
      throw new QaError(EXIT.usage, `${id} is neither a Run id (run_\u2026) nor a plan group id (pgr_\u2026)`);
    const timeoutMs = parseDuration(this.flags.timeout ?? "60m");
    const runIds = ID.group.test(id) ? (await this.api.request("GET", `/api/plan-groups/${id}`)).members.filter((m) => m.runId && m.status !== "passed_in_original").map((m) => m.runId) : [id];
    if (this.flags.wait) return this.waitAndReport(id, runIds, timeoutMs);
    const result = await this.report.collect(id, true);
    this.report.printSummary(result);
    const unfinished = result.cases.some(
      (c) => !TERMINAL.has(c.status) && c.status !== "passed_in_original" && c.status !== "not_selected"
    );
    return this.report.finish(result, unfinished ? EXIT.timedOut : null);
  }
  // ---- qa evidence
  async evidence(runId) {
    if (!ID.run.test(runId)) throw new QaError(EXIT.usage, `${runId} is not a Run id (run_\u2026)`);
    const ev = await this.api.op("run.evidence", { runId });
    const state = await this.api.op("run.get", { runId });
    const saved = [];
    if (this.flags.download) {
      (0, import_node_fs3.mkdirSync)(this.flags.download, { recursive: true });
      for (const s of ev.steps)
        for (const m of s.media.filter((x) => x.kind === "screenshot"))
          saved.push(
            await this.report.download(m.url, import_node_path2.default.join(this.flags.download, `${runId}-step-${s.index + 1}.png`))
          );
      const trace = await this.api.redirectOf(`/api/runs/${runId}/trace`);
      if (trace) saved.push(await this.report.download(trace, import_node_path2.default.join(this.flags.download, `${runId}-trace.zip`)));
    }
    if (this.flags.json) {
      process.stdout.write(`${JSON.stringify({ ...ev, reportUrl: state.reportUrl, downloaded: saved })}
`);
    } else {
      this.out.line(
        `Run ${runId}: ${ev.status}${ev.verdict ? ` (verdict ${ev.verdict}, validity ${ev.validity})` : ""}${ev.flaky ? ", flaky" : ""}`
      );
      if (ev.diagnosis)
        this.out.line(
          `Diagnosis (${ev.diagnosis.category}): ${ev.diagnosis.reason ?? ""} ${ev.diagnosis.suggestedAction}`
        );
      for (const s of ev.steps) {
        this.out.line(
          `  ${s.index + 1}. ${s.action}${s.target ? ` ${s.target}` : ""}: ${s.status} (${(s.durationMs / 1e3).toFixed(1)} s) ${s.reason}`
        );
        if (s.diagnosis) this.out.line(`     diagnosis ${s.diagnosis.category}: ${s.diagnosis.suggestedAction}`);
        for (const m of s.media) this.out.line(`     ${m.kind}: ${m.url}`);
      }
      for (const file of saved) this.out.line(`saved ${file}`);
      if (state.reportUrl) this.out.line(`Report: ${state.reportUrl}`);
    }
    return EXIT.passed;
  }
  // ---- waiting
  async waitAndReport(subject, runIds, timeoutMs) {
    this.following = runIds;
    this.resume = `qa status ${subject} --wait${this.flags.junit ? ` --junit ${this.flags.junit}` : ""}`;
    const deadline = Date.now() + timeoutMs;
    await this.runs.loadNames(subject);
    const timedOut = !await this.runs.follow(runIds, deadline, ID.group.test(subject) ? subject : void 0);
    if (timedOut) {
      this.out.line(`qa: the wait timed out after ${this.flags.timeout ?? "60m"}; the Runs go on.`);
      if (choice("on-timeout", this.flags["on-timeout"], ["detach", "cancel"], "detach") === "cancel") {
        await this.runs.cancel(runIds);
      } else this.out.line(`Resume waiting with: ${this.resume}`);
    }
    const result = await this.report.collect(subject, true);
    this.report.printSummary(result);
    return this.report.finish(result, timedOut ? EXIT.timedOut : null);
  }
  /** Interrupted: cancel or detach, then exit 130/143. */
  async interrupted(signal) {
    this.out.done();
    if (this.following.length) {
      if (choice("on-interrupt", this.flags["on-interrupt"], ["detach", "cancel"], "detach") === "cancel")
        await this.runs.cancel(this.following);
      else this.out.line(`qa: interrupted; the Runs go on. Resume waiting with: ${this.resume}`);
    }
    return signal === "SIGINT" ? EXIT.sigint : EXIT.sigterm;
  }
  // ---- lookups
  async resolvePlan(plan) {
    if (ID.plan.test(plan)) return plan;
    const found = [];
    let cursor = null;
    do {
      const page = await this.api.op("test_plan.list", { limit: 100, ...cursor ? { cursor } : {} });
      found.push(...page.items.filter((p) => p.name === plan).map((p) => p.id));
      cursor = page.nextCursor;
    } while (cursor);
    if (!found.length)
      throw new QaError(EXIT.usage, `no Test Plan is named "${plan}" (names match exactly; or pass its id)`);
    if (found.length > 1)
      throw new QaError(
        EXIT.usage,
        `${found.length} Test Plans are named "${plan}"; pass the id (${found.join(", ")})`
      );
    return found[0];
  }
  /** The plan group to re-run (with the group it re-ran, if any), or null when the whole plan should run. */
  async previousGroup(spec, testPlanId, commit) {
    if (ID.group.test(spec)) return { planGroupRunId: spec };
    if (spec !== "last" && spec !== "auto")
      throw new QaError(EXIT.usage, "--rerun-failed takes a plan group id (pgr_\u2026), last or auto");
    if (spec === "auto" && !(this.ci.attempt && this.ci.attempt > 1)) return null;
    const query = new URLSearchParams({ testPlanId, limit: "1" });
    if (this.flags.env) query.set("environmentSlug", this.flags.env);
    if (spec === "auto" && commit) query.set("commitSha", commit);
    const groups = await this.api.request("GET", `/api/plan-groups?${query}`);
    if (!groups.length) {
      if (spec === "last") throw new QaError(EXIT.usage, "there is no earlier plan group of this plan to re-run");
      this.out.line("qa: no earlier attempt of this plan at this commit; running the whole plan");
      return null;
    }
    return { planGroupRunId: groups[0].planGroupRunId, ...groups[0].rerunOf ? { rerunOf: groups[0].rerunOf } : {} };
  }
};
async function main(argv) {
  const [command, ...rest] = argv;
  if (!command || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(HELP);
    return command ? EXIT.passed : EXIT.usage;
  }
  let parsed;
  try {
    parsed = (0, import_node_util.parseArgs)({ args: rest, options, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`qa: ${error.message}

${HELP}`);
    return EXIT.usage;
  }
  const flags = parsed.values;
  if (flags.help) {
    process.stdout.write(HELP);
    return EXIT.passed;
  }
  const cli = new Cli(flags);
  const work = async () => {
    cli.setup();
    switch (command) {
      case "run":
        if (parsed.positionals.length) throw new QaError(EXIT.usage, `unexpected argument ${parsed.positionals[0]}`);
        return cli.run();
      case "status":
        if (parsed.positionals.length !== 1) throw new QaError(EXIT.usage, "usage: qa status <runId|planGroupRunId>");
        return cli.status(parsed.positionals[0]);
      case "evidence":
        if (parsed.positionals.length !== 1) throw new QaError(EXIT.usage, "usage: qa evidence <runId>");
        return cli.evidence(parsed.positionals[0]);
      case "schedules":
        return cli.schedules(parsed.positionals);
      case "channels":
        return channelsCommand(cli.notify(), parsed.positionals);
      case "connections":
        return connectionsCommand(cli.notify(), parsed.positionals);
      case "generate":
        if (parsed.positionals.length !== 1 || !parsed.positionals[0].trim())
          throw new QaError(EXIT.usage, 'usage: qa generate "<what to test, in words>" --env <slug> [--wait]');
        return cli.generate(parsed.positionals[0]);
      case "generation":
        if (parsed.positionals.length !== 1) throw new QaError(EXIT.usage, "usage: qa generation <testPlanId>");
        return cli.generation(parsed.positionals[0]);
      default:
        throw new QaError(EXIT.usage, `unknown command ${command}; see qa --help`);
    }
  };
  const signals = new Promise((resolve) => {
    for (const signal of ["SIGINT", "SIGTERM"])
      process.once(
        signal,
        () => void cli.interrupted(signal).then(resolve, () => resolve(signal === "SIGINT" ? 130 : 143))
      );
  });
  try {
    return await Promise.race([work(), signals]);
  } catch (error) {
    if (error instanceof QaError) {
      process.stderr.write(`qa: ${error.message}
`);
      return error.exitCode;
    }
    process.stderr.write(`qa: ${error.stack ?? error}
`);
    return EXIT.usage;
  }
}
if (require.main === module && !globalThis.qaAction) {
  process.exitCode = EXIT.usage;
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    () => process.exit(EXIT.usage)
  );
}

// cli/src/action.ts
var inputOf = (env) => (name) => (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
var truthy = (value) => /^(true|yes|1)$/i.test(value);
function argsFromInputs(input) {
  const args = ["run"];
  const add = (flag, value) => value ? args.push(flag, value) : void 0;
  add("--plan", input("plan"));
  add("--case", input("case"));
  add("--env", input("environment"));
  add("--base-url", input("base-url"));
  add("--junit", input("junit"));
  add("--rerun-failed", input("rerun-failed"));
  add("--timeout", input("timeout"));
  add("--accessibility", input("accessibility"));
  if (input("wait") === "" || truthy(input("wait"))) args.push("--wait");
  if (truthy(input("fail-on-flaky"))) args.push("--fail-on-flaky");
  args.push("--json");
  return args;
}
var VERDICTS = {
  0: "passed",
  1: "failed",
  3: "inconclusive",
  4: "unavailable",
  5: "timed_out"
};
async function runAction(env = process.env) {
  const input = inputOf(env);
  if (input("api-url")) env.QA_API_URL = input("api-url");
  if (input("api-key")) env.QA_API_KEY = input("api-key");
  const captured = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = ((chunk, ...rest) => {
    captured.push(String(chunk));
    return write(chunk, ...rest);
  });
  let code;
  try {
    code = await main(argsFromInputs(input));
  } finally {
    process.stdout.write = write;
  }
  const line = captured.join("").split("\n").find((l) => l.startsWith('{"exitCode"'));
  const doc = line ? JSON.parse(line) : {};
  const cases = doc.cases ?? [];
  const outputs = {
    "exit-code": code,
    verdict: VERDICTS[code] ?? "error",
    total: cases.length,
    passed: cases.filter((c) => c.status === "passing" || c.status === "passed_in_original").length,
    failed: cases.filter((c) => c.status === "failed").length,
    ...doc.planGroupRunId ? {
      "group-id": doc.planGroupRunId,
      "console-url": `${(env.QA_API_URL ?? "").replace(/\/+$/, "")}/console/plan-groups/${doc.planGroupRunId}`
    } : {}
  };
  if (env.GITHUB_OUTPUT)
    (0, import_node_fs4.appendFileSync)(
      env.GITHUB_OUTPUT,
      Object.entries(outputs).map(([k, v]) => `${k}=${v}
`).join("")
    );
  return input("gate") === "" || truthy(input("gate")) ? code : 0;
}

// cli/src/action-entry.ts
runAction().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`qa action: ${error.stack ?? error}
`);
    process.exit(2);
  }
);
