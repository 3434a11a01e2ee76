// intl.js: ECMA-402's Intl for the simulated Node, in the locales looplab has data for
// (en, en-US, vi, vi-VN: intl_data.js, recorded from Node 24's ICU by
// sim/internal/intl/gen.js), written for looplab from ECMA-402's algorithms and the
// recorded behaviour (sim/internal/intl/testdata). Any other locale, and the few options
// the data does not cover, end the run with unsupported_api rather than print what
// Node would not (README: "Intl").
//
// A function expression called once per run, on first use, with (data, host): host has
// unsupported(what), which ends the run. It returns { Intl, date, number, bigint, array }:
// the Intl object and the toLocale*String methods' bodies.
(function (data, host) {
  'use strict';
  const apply = Reflect.apply;
  const defineProperty = Object.defineProperty;
  const OrigDate = Date;
  const dateValue = OrigDate.prototype.valueOf;

  // ---- locales ----------------------------------------------------------------------------
  const HAVE = { en: 'en-US', vi: 'vi-VN' }; // language -> its data
  const REGION = { en: 'US', vi: 'VN' };
  // The ISO 639-1 languages ICU has data for: a program asking for one of them first gets
  // unsupported_api (Node would format in it); any other tag is skipped, as ICU does.
  const ICU_LANGS = new Set(('af am ar as az be bg bn bo br bs ca cs cy da de dz ee el en eo es et eu fa ff fi fo fr fy ga gd gl gu gv ha he hi ' +
    'hr hu hy ia id ig ii is it ja jv ka ki kk kl km kn ko ks ku kw ky lb lg ln lo lt lu lv mg mi mk ml mn mr ms mt my nb nd ne nl nn no ' +
    'om or os pa pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sn so sq sr su sv sw ta te tg th ti tk to tr tt ug uk ur uz vi wo xh ' +
    'yi yo za zh zu fil haw yue').split(' '));
  const localeError = () => new RangeError('Incorrect locale information provided');

  // canonicalTag checks a BCP 47 tag and gives it its canonical case.
  const canonicalTag = (tag) => {
    if (typeof tag !== 'string' && (typeof tag !== 'object' || tag === null)) throw new TypeError('Language ID should be string or object.');
    const s = String(tag);
    if (!/^[A-Za-z]{2,3}(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?(-([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*(-[A-WY-Za-wy-z0-9](-[A-Za-z0-9]{2,8})+)*(-[Xx](-[A-Za-z0-9]{1,8})+)?$/.test(s)) throw localeError();
    const parts = s.split('-');
    let out = parts[0].toLowerCase();
    let i = 1;
    if (parts[i] && parts[i].length === 4) out += '-' + parts[i][0].toUpperCase() + parts[i++].slice(1).toLowerCase();
    if (parts[i] && (parts[i].length === 2 || /^[0-9]{3}$/.test(parts[i]))) out += '-' + parts[i++].toUpperCase();
    for (; i < parts.length; i++) out += '-' + parts[i].toLowerCase();
    return out;
  };

  // CanonicalizeLocaleList(locales).
  const localeList = (locales) => {
    if (locales === undefined) return [];
    const list = typeof locales === 'string' || (locales instanceof Locale) ? [locales] : Object(locales);
    const out = [];
    const len = Math.min(Number(list.length) || 0, 2 ** 32);
    for (let k = 0; k < len; k++) {
      if (!(k in list)) continue;
      const v = list[k];
      const tag = canonicalTag(v instanceof Locale ? v.toString() : v);
      if (!out.includes(tag)) out.push(tag);
    }
    return out;
  };

  // lookupLocale resolves requested locales to one looplab has: the first whose language
  // is en or vi (with no region, or US/VN, and no extensions). A tag ICU has data for that
  // comes first ends the run: Node would format in it.
  const lookupLocale = (requested, what) => {
    for (const tag of requested) {
      const parts = tag.split('-');
      const lang = parts[0];
      if (HAVE[lang] !== undefined) {
        if (parts.length === 1) return { locale: lang, lang };
        if (parts.length === 2 && parts[1] === REGION[lang]) return { locale: tag, lang };
        host.unsupported('the locale ' + tag + ' in ' + what + ' (looplab formats en, en-US, vi and vi-VN)');
      }
      if (ICU_LANGS.has(lang)) host.unsupported('the locale ' + tag + ' in ' + what + ' (looplab formats en, en-US, vi and vi-VN)');
    }
    return { locale: 'en-US', lang: 'en' }; // Node's default locale (no LANG in the simulated environment)
  };

  const supportedLocales = (locales) => {
    const out = [];
    for (const tag of localeList(locales)) {
      const parts = tag.split('-');
      if (HAVE[parts[0]] !== undefined && (parts.length === 1 || (parts.length === 2 && parts[1] === REGION[parts[0]]))) out.push(tag);
    }
    return out;
  };

  const localeData = (lang) => data[HAVE[lang]];

  // ---- options ------------------------------------------------------------------------------
  const toObject = (options) => {
    if (options === undefined) return Object.create(null);
    if (options === null) throw new TypeError('Cannot convert undefined or null to object');
    return Object(options);
  };

  // GetOption(options, name, type, values, fallback).
  const getOption = (options, name, type, values, fallback, service) => {
    let v = options[name];
    if (v === undefined) return fallback;
    if (type === 'boolean') return Boolean(v);
    v = String(v);
    if (values !== undefined && !values.includes(v)) throw new RangeError('Value ' + v + ' out of range for ' + service + ' options property ' + name);
    return v;
  };

  // DefaultNumberOption / GetNumberOption.
  const numberOption = (value, name, min, max, fallback) => {
    if (value === undefined) return fallback;
    const n = Number(value);
    if (Number.isNaN(n) || n < min || n > max) throw new RangeError(name + ' value is out of range.');
    return Math.floor(n);
  };

  const unsupportedOption = (what) => host.unsupported(what + ' (looplab formats the gregorian calendar, latin digits)');

  const checkCalendarAndDigits = (options) => {
    const ca = options.calendar, nu = options.numberingSystem;
    if (ca !== undefined && String(ca) !== 'gregory') unsupportedOption('the calendar ' + String(ca));
    if (nu !== undefined && String(nu) !== 'latn') unsupportedOption('the numbering system ' + String(nu));
  };

  // ---- decimal numbers ----------------------------------------------------------------------
  // A decimal is sign, digits (no leading zeros; "" for zero) and point, the number of
  // digits before the decimal point (may be negative or beyond the digits): 1234.5 is
  // { digits: '12345', point: 4 }. ICU formats a double from its shortest round-trip
  // decimal (1.005 is "1.005", so rounds to 1.01), as does this.
  const decimalOf = (x) => {
    if (typeof x === 'bigint') {
      const s = (x < 0n ? -x : x).toString();
      return trimDecimal({ neg: x < 0n, digits: s, point: s.length });
    }
    const neg = x < 0 || Object.is(x, -0);
    let s = String(Math.abs(x));
    let exp = 0;
    const e = s.indexOf('e');
    if (e >= 0) {
      exp = Number(s.slice(e + 1));
      s = s.slice(0, e);
    }
    const dot = s.indexOf('.');
    const digits = dot >= 0 ? s.slice(0, dot) + s.slice(dot + 1) : s;
    const point = (dot >= 0 ? dot : s.length) + exp;
    return trimDecimal({ neg, digits, point });
  };

  const trimDecimal = (d) => {
    let digits = d.digits, point = d.point;
    let lead = 0;
    while (lead < digits.length && digits[lead] === '0') lead++;
    digits = digits.slice(lead);
    point -= lead;
    digits = digits.replace(/0+$/, '');
    if (digits === '') point = 0;
    return { neg: d.neg, digits, point };
  };

  // decimalOfString reads a numeric string exactly (Intl.NumberFormat v3 formats strings
  // as decimals); a string that is not a number is NaN.
  const decimalOfString = (s) => {
    const t = s.trim();
    const m = /^([+-])?(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/.exec(t);
    if (!m) return null;
    const int = m[2] !== undefined ? m[2] : '', frac = m[3] !== undefined ? m[3] : m[4] || '';
    return trimDecimal({ neg: m[1] === '-', digits: int + frac, point: int.length + Number(m[5] || 0) });
  };

  const shiftDecimal = (d, n) => (d.digits === '' ? d : { neg: d.neg, digits: d.digits, point: d.point + n });

  // roundAt keeps digits up to position pos (digits before the point count positive: pos
  // 2 keeps two fraction digits), rounding by mode.
  const roundAt = (d, frac, mode) => {
    const keep = d.point + frac; // digits kept
    if (keep >= d.digits.length) return d;
    const rest = d.digits.slice(Math.max(keep, 0));
    const kept = keep > 0 ? d.digits.slice(0, keep) : '';
    const first = keep >= 0 ? rest.charCodeAt(0) - 48 : 0; // the first dropped digit
    const restNonZero = keep >= 0 ? /[1-9]/.test(rest.slice(1)) : true;
    const dropped = keep < 0 ? (d.digits === '' ? 0 : -1) : first; // keep < 0: less than half a unit
    const lastKept = kept.length ? kept.charCodeAt(kept.length - 1) - 48 : 0;
    let up;
    const half = dropped === 5 && !restNonZero ? 0 : dropped > 5 || (dropped === 5 && restNonZero) ? 1 : -1; // vs exactly half
    const anything = keep < 0 ? d.digits !== '' : /[1-9]/.test(rest);
    switch (mode) {
      case 'ceil': up = !d.neg && anything; break;
      case 'floor': up = d.neg && anything; break;
      case 'expand': up = anything; break;
      case 'trunc': up = false; break;
      case 'halfCeil': up = half > 0 || (half === 0 && !d.neg); break;
      case 'halfFloor': up = half > 0 || (half === 0 && d.neg); break;
      case 'halfTrunc': up = half > 0; break;
      case 'halfEven': up = half > 0 || (half === 0 && lastKept % 2 === 1); break;
      default: up = half >= 0 && dropped >= 0; // halfExpand
    }
    if (keep < 0 && !(up)) return { neg: d.neg, digits: '', point: 0 };
    let digits = keep > 0 ? kept : '';
    let point = d.point;
    if (keep <= 0) {
      // Nothing kept: the result is 0 or one unit at position keep.
      if (!up) return { neg: d.neg, digits: '', point: 0 };
      return { neg: d.neg, digits: '1', point: frac === undefined ? 1 : -frac + 1 };
    }
    if (up) {
      const arr = digits.split('').map(Number);
      let i = arr.length - 1;
      while (i >= 0 && arr[i] === 9) { arr[i] = 0; i--; }
      if (i < 0) { arr.unshift(1); point++; } else arr[i]++;
      digits = arr.join('');
    }
    return trimDecimal({ neg: d.neg, digits, point });
  };

  const roundFraction = (d, maxFD, mode) => roundAt(d, maxFD, mode);
  const roundSignificant = (d, maxSD, mode) => (d.digits === '' ? d : roundAt(d, maxSD - d.point, mode));

  // applyRounding rounds by the resolved digit options and returns the decimal and the
  // minimum fraction digits to show.
  const applyRounding = (d, o) => {
    const bySD = () => {
      const r = roundSignificant(d, o.maximumSignificantDigits, o.roundingMode);
      const point = r.digits === '' ? 1 : r.point; // zero's one digit is significant
      return { d: r, minFrac: Math.max(0, o.minimumSignificantDigits - point), fracAt: o.maximumSignificantDigits - point };
    };
    const byFD = () => {
      const r = roundFraction(d, o.maximumFractionDigits, o.roundingMode);
      return { d: r, minFrac: o.minimumFractionDigits, fracAt: o.maximumFractionDigits };
    };
    let res;
    if (o.roundingType === 'significantDigits') res = bySD();
    else if (o.roundingType === 'fractionDigits') res = byFD();
    else {
      const a = bySD(), b = byFD();
      const aPrec = a.fracAt, bPrec = b.fracAt;
      res = o.roundingType === 'morePrecision' ? (aPrec >= bPrec ? a : b) : (aPrec <= bPrec ? a : b);
    }
    if (o.trailingZeroDisplay === 'stripIfInteger' && res.d.point >= res.d.digits.length) res.minFrac = 0;
    return res;
  };

  // digitsOf renders a rounded decimal: integer digits (at least minInt) and fraction
  // digits (at least minFrac).
  const digitsOf = (d, minInt, minFrac) => {
    let int, frac;
    if (d.point <= 0) {
      int = '';
      frac = '0'.repeat(-d.point) + d.digits;
    } else if (d.point >= d.digits.length) {
      int = d.digits + '0'.repeat(d.point - d.digits.length);
      frac = '';
    } else {
      int = d.digits.slice(0, d.point);
      frac = d.digits.slice(d.point);
    }
    if (int.length < minInt) int = '0'.repeat(minInt - int.length) + int;
    if (frac.length < minFrac) frac += '0'.repeat(minFrac - frac.length);
    return { int, frac };
  };

  const isZero = (d) => d.digits === '';

  // resolvedDigits and resolvedRounding copy the digit options a NumberFormat or a
  // PluralRules resolved into its resolvedOptions(), in the order ECMA-402 lists them.
  const resolvedDigits = (r, o) => {
    if (o.minimumFractionDigits !== undefined) {
      r.minimumFractionDigits = o.minimumFractionDigits;
      r.maximumFractionDigits = o.maximumFractionDigits;
    }
    if (o.minimumSignificantDigits !== undefined) {
      r.minimumSignificantDigits = o.minimumSignificantDigits;
      r.maximumSignificantDigits = o.maximumSignificantDigits;
    }
  };
  const resolvedRounding = (r, o) => {
    r.roundingIncrement = o.roundingIncrement;
    r.roundingMode = o.roundingMode;
    r.roundingPriority = o.roundingPriority;
    r.trailingZeroDisplay = o.trailingZeroDisplay;
  };

  // ---- NumberFormat ---------------------------------------------------------------------------
  const STYLES = ['decimal', 'percent', 'currency', 'unit'];
  const NOTATIONS = ['standard', 'scientific', 'engineering', 'compact'];
  const ROUNDING_MODES = ['ceil', 'floor', 'expand', 'trunc', 'halfCeil', 'halfFloor', 'halfExpand', 'halfTrunc', 'halfEven'];
  const SANCTIONED_UNITS = ['acre', 'bit', 'byte', 'celsius', 'centimeter', 'day', 'degree', 'fahrenheit', 'fluid-ounce', 'foot', 'gallon', 'gigabit',
    'gigabyte', 'gram', 'hectare', 'hour', 'inch', 'kilobit', 'kilobyte', 'kilogram', 'kilometer', 'liter', 'megabit', 'megabyte', 'meter',
    'microsecond', 'mile', 'mile-scandinavian', 'milliliter', 'millimeter', 'millisecond', 'minute', 'month', 'nanosecond', 'ounce', 'percent',
    'petabyte', 'pound', 'second', 'stone', 'terabit', 'terabyte', 'week', 'yard', 'year'];
  const isWellFormedUnit = (u) => SANCTIONED_UNITS.includes(u) ||
    (u.includes('-per-') && u.split('-per-').length === 2 && u.split('-per-').every((x) => SANCTIONED_UNITS.includes(x)));

  const slots = new WeakMap(); // an Intl object -> its internal slots

  const slotsOf = (obj, kind, method) => {
    const s = obj !== null && typeof obj === 'object' ? slots.get(obj) : undefined;
    if (s === undefined || s.kind !== kind) {
      throw new TypeError('Method Intl.' + kind + '.prototype.' + method + ' called on incompatible receiver ' + describe(obj));
    }
    return s;
  };
  const describe = (v) => (typeof v === 'string' ? v : typeof v === 'object' && v !== null ? '#<' + ((v.constructor && v.constructor.name) || 'Object') + '>' : String(v));

  // resolveDigits is ECMA-402's SetNumberFormatDigitOptions.
  const resolveDigits = (o, options, mnfdDefault, mxfdDefault, notation) => {
    const mnid = numberOption(options.minimumIntegerDigits, 'minimumIntegerDigits', 1, 21, 1);
    let mnfd = options.minimumFractionDigits, mxfd = options.maximumFractionDigits;
    let mnsd = options.minimumSignificantDigits, mxsd = options.maximumSignificantDigits;
    o.minimumIntegerDigits = mnid;
    const increment = numberOption(options.roundingIncrement, 'roundingIncrement', 1, 5000, 1);
    if (![1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000].includes(increment)) throw new RangeError('roundingIncrement value is out of range.');
    const roundingMode = getOption(options, 'roundingMode', 'string', ROUNDING_MODES, 'halfExpand', 'Intl.NumberFormat');
    const roundingPriority = getOption(options, 'roundingPriority', 'string', ['auto', 'morePrecision', 'lessPrecision'], 'auto', 'Intl.NumberFormat');
    const trailingZeroDisplay = getOption(options, 'trailingZeroDisplay', 'string', ['auto', 'stripIfInteger'], 'auto', 'Intl.NumberFormat');
    if (increment !== 1) host.unsupported('Intl.NumberFormat roundingIncrement');
    const hasSd = mnsd !== undefined || mxsd !== undefined;
    const hasFd = mnfd !== undefined || mxfd !== undefined;
    let needSd = true, needFd = true;
    if (roundingPriority === 'auto') {
      needSd = hasSd;
      if (needSd || (!hasFd && notation === 'compact')) needFd = false;
    }
    if (needSd) {
      if (hasSd) {
        mnsd = numberOption(mnsd, 'minimumSignificantDigits', 1, 21, 1);
        mxsd = numberOption(mxsd, 'maximumSignificantDigits', mnsd, 21, 21);
      } else {
        mnsd = 1;
        mxsd = 21;
      }
      o.minimumSignificantDigits = mnsd;
      o.maximumSignificantDigits = mxsd;
    }
    if (needFd) {
      if (hasFd) {
        mnfd = numberOption(mnfd, 'minimumFractionDigits', 0, 100, undefined);
        mxfd = numberOption(mxfd, 'maximumFractionDigits', 0, 100, undefined);
        if (mnfd === undefined) mnfd = Math.min(mnfdDefault, mxfd);
        else if (mxfd === undefined) mxfd = Math.max(mxfdDefault, mnfd);
        else if (mnfd > mxfd) throw new RangeError('maximumFractionDigits value is out of range.');
      } else {
        mnfd = mnfdDefault;
        mxfd = mxfdDefault;
      }
      o.minimumFractionDigits = mnfd;
      o.maximumFractionDigits = mxfd;
    }
    if (!needSd && !needFd) {
      o.minimumFractionDigits = 0;
      o.maximumFractionDigits = 0;
      o.minimumSignificantDigits = 1;
      o.maximumSignificantDigits = 2;
      o.roundingType = 'morePrecision';
      o.roundingPriority = 'morePrecision';
    } else if (roundingPriority === 'morePrecision' || roundingPriority === 'lessPrecision') {
      o.roundingType = roundingPriority;
      o.roundingPriority = roundingPriority;
    } else {
      o.roundingType = hasSd ? 'significantDigits' : 'fractionDigits';
      o.roundingPriority = 'auto';
    }
    o.roundingIncrement = increment;
    o.roundingMode = roundingMode;
    o.trailingZeroDisplay = trailingZeroDisplay;
  };

  // numberFormatSlots is InitializeNumberFormat.
  const numberFormatSlots = (locales, options) => {
    const requested = localeList(locales);
    options = toObject(options);
    getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', 'Intl.NumberFormat');
    checkCalendarAndDigits(options);
    const { locale, lang } = lookupLocale(requested, 'Intl.NumberFormat');
    const o = { kind: 'NumberFormat', locale, lang, data: localeData(lang) };
    o.style = getOption(options, 'style', 'string', STYLES, 'decimal', 'Intl.NumberFormat');
    let currency = options.currency;
    if (currency !== undefined) {
      currency = String(currency);
      if (!/^[A-Za-z]{3}$/.test(currency)) throw new RangeError('Invalid currency code : ' + currency);
    }
    const currencyDisplay = getOption(options, 'currencyDisplay', 'string', ['code', 'symbol', 'narrowSymbol', 'name'], 'symbol', 'Intl.NumberFormat');
    const currencySign = getOption(options, 'currencySign', 'string', ['standard', 'accounting'], 'standard', 'Intl.NumberFormat');
    let unit = options.unit;
    if (unit !== undefined) {
      unit = String(unit);
      if (!isWellFormedUnit(unit)) throw new RangeError('Invalid unit argument for Intl.NumberFormat() \'' + unit + '\'');
    }
    const unitDisplay = getOption(options, 'unitDisplay', 'string', ['short', 'narrow', 'long'], 'short', 'Intl.NumberFormat');
    if (o.style === 'currency') {
      if (currency === undefined) throw new TypeError('Currency code is required with currency style.');
      o.currency = currency.toUpperCase();
      o.currencyDisplay = currencyDisplay;
      o.currencySign = currencySign;
      if (o.data.numbers.currencies[o.currency] === undefined) host.unsupported('the currency ' + o.currency + ' in Intl.NumberFormat');
    }
    if (o.style === 'unit') {
      if (unit === undefined) throw new TypeError('Invalid unit argument for Intl.NumberFormat() \'\'');
      o.unit = unit;
      o.unitDisplay = unitDisplay;
      if (o.data.numbers.units[unit] === undefined) host.unsupported('the unit ' + unit + ' in Intl.NumberFormat');
    }
    const notation = getOption(options, 'notation', 'string', NOTATIONS, 'standard', 'Intl.NumberFormat');
    let mnfdDefault = 0, mxfdDefault = 3;
    if (o.style === 'currency' && notation === 'standard') {
      const digits = o.data.numbers.currencies[o.currency].digits;
      mnfdDefault = digits;
      mxfdDefault = digits;
    } else if (o.style === 'percent') {
      mxfdDefault = 0;
    }
    resolveDigits(o, options, mnfdDefault, mxfdDefault, notation);
    o.notation = notation;
    o.compactDisplay = getOption(options, 'compactDisplay', 'string', ['short', 'long'], 'short', 'Intl.NumberFormat');
    const defaultGrouping = notation === 'compact' ? 'min2' : 'auto';
    let grouping = options.useGrouping;
    if (grouping === undefined) grouping = defaultGrouping;
    else if (grouping === true) grouping = 'always';
    else if (grouping === false || grouping === null || grouping === '' || grouping === 0) grouping = false;
    else {
      grouping = String(grouping);
      if (grouping === 'true' || grouping === 'false') grouping = defaultGrouping;
      else if (!['min2', 'auto', 'always'].includes(grouping)) throw new RangeError('Value ' + grouping + ' out of range for Intl.NumberFormat options property useGrouping');
    }
    o.useGrouping = grouping;
    o.signDisplay = getOption(options, 'signDisplay', 'string', ['auto', 'never', 'always', 'exceptZero', 'negative'], 'auto', 'Intl.NumberFormat');
    return o;
  };

  // groupInteger inserts the group separator parts into an integer's digits.
  const groupInteger = (int, o, parts) => {
    const sym = o.data.numbers.symbols;
    const g = o.useGrouping;
    const grouped = g !== false && int.length > 3 && !(g === 'min2' && int.length < 5);
    if (!grouped) {
      parts.push({ type: 'integer', value: int });
      return;
    }
    let first = int.length % 3 || 3;
    parts.push({ type: 'integer', value: int.slice(0, first) });
    for (; first < int.length; first += 3) {
      parts.push({ type: 'group', value: sym.group });
      parts.push({ type: 'integer', value: int.slice(first, first + 3) });
    }
  };

  // numberParts formats the magnitude of a rounded decimal (no sign): integer, group,
  // decimal, fraction parts.
  const numberParts = (d, minFrac, o, parts) => {
    const { int, frac } = digitsOf(d, o.minimumIntegerDigits, minFrac);
    groupInteger(int === '' ? '0' : int, o, parts);
    if (frac !== '') {
      parts.push({ type: 'decimal', value: o.data.numbers.symbols.decimal });
      parts.push({ type: 'fraction', value: frac });
    }
  };

  // compactOf scales a decimal for compact notation: the rounded value, its pattern.
  const compactOf = (d, o) => {
    const table = o.data.numbers.compact[o.compactDisplay];
    const pick = (mag) => {
      if (mag < 3) return null;
      const i = Math.min(mag, 14) - 3;
      const pattern = table[i];
      const zeros = (pattern.match(/0+/) || [''])[0].length;
      return { pattern, shift: Math.min(mag, 14) - zeros + 1 };
    };
    let mag = d.digits === '' ? 0 : d.point - 1;
    let p = pick(mag);
    let scaled = p ? shiftDecimal(d, -p.shift) : d;
    let r = applyRounding(scaled, o);
    if (r.d.digits !== '' && p === null && r.d.point - 1 >= 3) {
      mag = r.d.point - 1;
      p = pick(mag);
      scaled = shiftDecimal(d, -p.shift);
      r = applyRounding(scaled, o);
    } else if (p !== null && r.d.digits !== '' && r.d.point - 1 + p.shift > mag && mag < 14) {
      // Rounding reached the next power of ten: the next compact unit.
      mag = r.d.point - 1 + p.shift;
      p = pick(mag);
      r = applyRounding(shiftDecimal(d, -p.shift), o);
    }
    return { r, pattern: p ? p.pattern : null };
  };

  // signOf decides the sign part by signDisplay.
  const signOf = (neg, zero, o) => {
    switch (o.signDisplay) {
      case 'never': return null;
      case 'always': return neg ? 'minusSign' : 'plusSign';
      case 'exceptZero': return zero ? null : neg ? 'minusSign' : 'plusSign';
      case 'negative': return neg && !zero ? 'minusSign' : null;
      default: return neg ? 'minusSign' : null;
    }
  };

  // affixParts turns a recorded pattern ("{currency}#", "# {currency}", "({currency}#)")
  // into parts around the number's parts.
  const affixParts = (pattern, numParts, fills) => {
    const out = [];
    const re = /\{(\w+)\}|#|([^{#]+)/g;
    let m;
    while ((m = re.exec(pattern)) !== null) {
      if (m[0] === '#') out.push(...numParts);
      else if (m[1] !== undefined) {
        if (fills[m[1]] !== undefined && fills[m[1]] !== null) out.push({ type: m[1], value: fills[m[1]] });
      } else out.push({ type: 'literal', value: m[2] });
    }
    return out;
  };

  // pluralOne reports whether a formatted number takes the 'one' form (en: integer 1 with
  // no visible fraction; vi has no 'one' form for cardinals).
  const pluralOne = (lang, int, frac) => lang === 'en' && int === '1' && frac === '';

  // formatNumberParts is FormatNumericToParts.
  const formatNumberParts = (o, x) => {
    const sym = o.data.numbers.symbols;
    let d;
    if (typeof x === 'string') {
      d = decimalOfString(x);
      if (d === null) x = NaN;
    }
    if (d === undefined || d === null) {
      if (typeof x === 'number' && !Number.isFinite(x)) {
        const neg = x < 0;
        const sign = Number.isNaN(x) ? (o.signDisplay === 'always' ? 'plusSign' : null) : signOf(neg, false, o);
        const body = [{ type: Number.isNaN(x) ? 'nan' : 'infinity', value: Number.isNaN(x) ? sym.nan : sym.infinity }];
        return decorate(o, body, sign, true, false);
      }
      d = decimalOf(x);
    }
    if (o.style === 'percent') d = shiftDecimal(d, 2);
    const parts = [];
    let compactPattern = null;
    let r;
    if (o.notation === 'compact') {
      const c = compactOf(d, o);
      r = c.r;
      compactPattern = c.pattern;
    } else if (o.notation === 'scientific' || o.notation === 'engineering') {
      return scientificParts(o, d);
    } else {
      r = applyRounding(d, o);
    }
    const zero = isZero(r.d);
    numberParts(r.d, r.minFrac, o, parts);
    let body = parts;
    if (compactPattern !== null) {
      const m = /^([^0]*)(0+)([^0]*)$/.exec(compactPattern);
      body = [];
      if (m[1]) body.push(...compactAffix(m[1]));
      body.push(...parts);
      if (m[3]) body.push(...compactAffix(m[3]));
    }
    const int = parts.filter((p) => p.type === 'integer').map((p) => p.value).join('');
    const frac = parts.filter((p) => p.type === 'fraction').map((p) => p.value).join('');
    return decorate(o, body, signOf(d.neg, zero, o), false, pluralOne(o.lang, int, frac) && compactPattern === null);
  };

  const compactAffix = (s) => {
    const out = [];
    const re = /\{([^}]*)\}|([^{]+)/g;
    let m;
    while ((m = re.exec(s)) !== null) out.push(m[1] !== undefined ? { type: 'compact', value: m[1] } : { type: 'literal', value: m[2] });
    return out;
  };

  // decorate adds the sign, the percent sign, the currency or the unit around the number.
  const decorate = (o, body, sign, special, one) => {
    const N = o.data.numbers;
    const signValue = sign === 'minusSign' ? N.symbols.minus : sign === 'plusSign' ? N.symbols.plus : null;
    const signPart = signValue === null ? [] : [{ type: sign, value: signValue }];
    if (o.style === 'currency') {
      const cur = N.currencies[o.currency];
      let pattern, value;
      switch (o.currencyDisplay) {
        case 'code': pattern = N.patterns.currencyCode; value = o.currency; break;
        case 'name': pattern = N.patterns.currencyName; value = one && cur.one !== undefined ? cur.one : cur.other; break;
        case 'narrowSymbol': pattern = N.patterns.currency; value = cur.narrow; break;
        default: pattern = N.patterns.currency; value = cur.symbol;
      }
      if (o.notation === 'compact' && o.currencyDisplay !== 'name' && o.currencyDisplay !== 'code') pattern = N.compact.currency.replace(/#[^{#]*\{compact\}/, '#');
      if (sign === 'minusSign' && o.currencySign === 'accounting' && o.currencyDisplay !== 'name') {
        let acc = N.patterns.accountingNegative;
        // A code keeps the space the code pattern puts between it and the number.
        if (o.currencyDisplay === 'code') acc = acc.replace('{currency}#', N.patterns.currencyCode.replace('#', '\u0000')).replace('\u0000', '#');
        if (!acc.includes('{minusSign}')) return affixParts(acc, body, { currency: value });
      }
      // A sign goes where the recorded negative pattern has it: before the symbol (en
      // "-$5.00") or before the number (vi "-5,00 US$").
      const negative = o.currencyDisplay === 'code' || o.currencyDisplay === 'name' ? '{minusSign}' + pattern : N.patterns.currencyNegative;
      const withSign = signPart.length ? negative.replace('{minusSign}', '{' + sign + '}') : pattern;
      return affixParts(withSign, body, { currency: value, minusSign: signValue, plusSign: signValue });
    }
    if (o.style === 'percent') {
      return [...signPart, ...body, ...(special ? [] : [{ type: 'percentSign', value: N.symbols.percent }])];
    }
    if (o.style === 'unit') {
      const forms = N.units[o.unit][o.unitDisplay];
      const pattern = one && forms.length > 1 ? forms[1] : forms[0];
      const out = [...signPart];
      const [before, after] = pattern.split('{0}');
      const unitParts = (s) => {
        const m = /^(\s*)(.*?)(\s*)$/.exec(s);
        const res = [];
        if (m[1]) res.push({ type: 'literal', value: m[1] });
        if (m[2]) res.push({ type: 'unit', value: m[2] });
        if (m[3]) res.push({ type: 'literal', value: m[3] });
        return res;
      };
      out.push(...unitParts(before), ...body, ...unitParts(after));
      return out;
    }
    return [...signPart, ...body];
  };

  // scientificParts formats scientific and engineering notation.
  const scientificParts = (o, d) => {
    const sym = o.data.numbers.symbols;
    let exp = d.digits === '' ? 0 : d.point - 1;
    if (o.notation === 'engineering') exp = Math.floor(exp / 3) * 3;
    let r = applyRounding({ neg: d.neg, digits: d.digits, point: d.point - exp }, o);
    if (r.d.digits !== '' && r.d.point - 1 + exp > exp + (o.notation === 'engineering' ? 2 : 0)) {
      exp += o.notation === 'engineering' ? 3 : 1;
      r = applyRounding({ neg: d.neg, digits: d.digits, point: d.point - exp }, o);
    }
    const parts = [];
    numberParts(r.d, r.minFrac, o, parts);
    parts.push({ type: 'exponentSeparator', value: sym.exponent });
    if (exp < 0) parts.push({ type: 'exponentMinusSign', value: sym.minus });
    parts.push({ type: 'exponentInteger', value: String(Math.abs(exp)) });
    return decorate(o, parts, signOf(d.neg, isZero(r.d), o), false, false);
  };

  const toIntlNumber = (x) => {
    if (typeof x === 'bigint' || typeof x === 'string') return x;
    const p = typeof x === 'object' && x !== null ? primitive(x) : x;
    if (typeof p === 'bigint' || typeof p === 'string') return p;
    return Number(p);
  };
  const primitive = (x) => {
    const fn = x[Symbol.toPrimitive];
    if (typeof fn === 'function') return apply(fn, x, ['number']);
    const v = x.valueOf();
    return typeof v === 'object' && v !== null ? String(v) : v;
  };

  const joinParts = (parts) => parts.map((p) => p.value).join('');

  // legacyConstructor makes a class whose constructor may be called without new, as
  // NumberFormat, DateTimeFormat and Collator may (ECMA-402's legacy constructors).
  const legacyConstructor = (C, init) => {
    const F = { [C.name]: function (locales, options) {
      const o = init(locales, options);
      const self = new.target === undefined ? Object.create(F.prototype) : this;
      slots.set(self, o);
      return self;
    } }[C.name];
    const protoDesc = Object.getOwnPropertyDescriptors(C.prototype);
    delete protoDesc.constructor;
    Object.defineProperties(F.prototype, protoDesc);
    const staticDesc = Object.getOwnPropertyDescriptors(C);
    for (const k of ['length', 'name', 'prototype']) delete staticDesc[k];
    Object.defineProperties(F, staticDesc);
    defineProperty(F, 'prototype', { writable: false, enumerable: false, configurable: false });
    return F;
  };

  const NumberFormat = legacyConstructor(class NumberFormat {
    get format() {
      const o = slotsOf(this, 'NumberFormat', 'format');
      if (o.bound === undefined) {
        const f = (x) => joinParts(formatNumberParts(o, toIntlNumber(x)));
        defineProperty(f, 'name', { value: '' });
        o.bound = f;
      }
      return o.bound;
    }
    formatToParts(x) {
      return formatNumberParts(slotsOf(this, 'NumberFormat', 'formatToParts'), toIntlNumber(x)).map((p) => ({ ...p }));
    }
    formatRange(start, end) {
      const o = slotsOf(this, 'NumberFormat', 'formatRange');
      if (start === undefined || end === undefined) throw new TypeError('start or end is undefined');
      const a = joinParts(formatNumberParts(o, toIntlNumber(start))), b = joinParts(formatNumberParts(o, toIntlNumber(end)));
      return a === b ? o.data.numbers.symbols.approx + a : a + o.data.numbers.symbols.rangeSeparator + b;
    }
    resolvedOptions() {
      const o = slotsOf(this, 'NumberFormat', 'resolvedOptions');
      const r = { locale: o.locale, numberingSystem: 'latn', style: o.style };
      if (o.style === 'currency') Object.assign(r, { currency: o.currency, currencyDisplay: o.currencyDisplay, currencySign: o.currencySign });
      if (o.style === 'unit') Object.assign(r, { unit: o.unit, unitDisplay: o.unitDisplay });
      r.minimumIntegerDigits = o.minimumIntegerDigits;
      resolvedDigits(r, o);
      r.useGrouping = o.useGrouping;
      r.notation = o.notation;
      if (o.notation === 'compact') r.compactDisplay = o.compactDisplay;
      r.signDisplay = o.signDisplay;
      resolvedRounding(r, o);
      return r;
    }
    static supportedLocalesOf(locales) { return supportedLocales(locales); }
  }, numberFormatSlots);

  // ---- PluralRules ------------------------------------------------------------------------------
  const pluralCategory = (lang, type, int, frac) => {
    const v = frac.length;
    const n = Number(int + (frac ? '.' + frac : ''));
    if (type === 'ordinal') {
      if (lang === 'vi') return n === 1 ? 'one' : 'other';
      if (v !== 0) return 'other';
      const i10 = n % 10, i100 = n % 100;
      if (i10 === 1 && i100 !== 11) return 'one';
      if (i10 === 2 && i100 !== 12) return 'two';
      if (i10 === 3 && i100 !== 13) return 'few';
      return 'other';
    }
    return lang === 'en' && int === '1' && v === 0 ? 'one' : 'other';
  };

  class PluralRules {
    constructor(locales, options) {
      if (new.target === undefined) throw new TypeError("Constructor Intl.PluralRules requires 'new'");
      const requested = localeList(locales);
      options = toObject(options);
      getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', 'Intl.PluralRules');
      const type = getOption(options, 'type', 'string', ['cardinal', 'ordinal'], 'cardinal', 'Intl.PluralRules');
      const { lang } = lookupLocale(requested, 'Intl.PluralRules');
      const o = { kind: 'PluralRules', locale: lang, lang, type, data: localeData(lang) };
      resolveDigits(o, options, 0, 3, 'standard');
      o.useGrouping = false;
      slots.set(this, o);
    }
    select(x) {
      const o = slotsOf(this, 'PluralRules', 'select');
      const n = Number(x);
      if (!Number.isFinite(n)) return 'other';
      const r = applyRounding(decimalOf(Math.abs(n)), o);
      const { int, frac } = digitsOf(r.d, 1, r.minFrac);
      return pluralCategory(o.lang, o.type, int, frac);
    }
    resolvedOptions() {
      const o = slotsOf(this, 'PluralRules', 'resolvedOptions');
      const r = { locale: o.locale, type: o.type, minimumIntegerDigits: o.minimumIntegerDigits };
      resolvedDigits(r, o);
      r.pluralCategories = o.type === 'ordinal' ? (o.lang === 'en' ? ['one', 'two', 'few', 'other'] : ['one', 'other']) : (o.lang === 'en' ? ['one', 'other'] : ['other']);
      resolvedRounding(r, o);
      return r;
    }
    static supportedLocalesOf(locales) { return supportedLocales(locales); }
  }

  // ---- RelativeTimeFormat -----------------------------------------------------------------------
  const RT_UNITS = ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'];

  class RelativeTimeFormat {
    constructor(locales, options) {
      if (new.target === undefined) throw new TypeError("Constructor Intl.RelativeTimeFormat requires 'new'");
      const requested = localeList(locales);
      options = toObject(options);
      getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', 'Intl.RelativeTimeFormat');
      checkCalendarAndDigits(options);
      const { locale, lang } = lookupLocale(requested, 'Intl.RelativeTimeFormat');
      const style = getOption(options, 'style', 'string', ['long', 'short', 'narrow'], 'long', 'Intl.RelativeTimeFormat');
      const numeric = getOption(options, 'numeric', 'string', ['always', 'auto'], 'always', 'Intl.RelativeTimeFormat');
      slots.set(this, { kind: 'RelativeTimeFormat', locale, lang, style, numeric, data: localeData(lang), nf: numberFormatSlots(locale, undefined) });
    }
    format(value, unit) { return joinParts(relativeParts(slotsOf(this, 'RelativeTimeFormat', 'format'), value, unit, 'format')).replace(/\u202f/g, ' '); }
    formatToParts(value, unit) { return relativeParts(slotsOf(this, 'RelativeTimeFormat', 'formatToParts'), value, unit, 'formatToParts'); }
    resolvedOptions() {
      const o = slotsOf(this, 'RelativeTimeFormat', 'resolvedOptions');
      return { locale: o.locale, style: o.style, numeric: o.numeric, numberingSystem: 'latn' };
    }
    static supportedLocalesOf(locales) { return supportedLocales(locales); }
  }

  const relativeParts = (o, value, unit, method) => {
    const x = Number(value);
    const u = String(unit);
    const single = u.endsWith('s') ? u.slice(0, -1) : u;
    if (!RT_UNITS.includes(single)) throw new RangeError('Invalid unit argument for Intl.RelativeTimeFormat.prototype.' + method + "() '" + u + "'");
    if (!Number.isFinite(x)) throw new RangeError('Invalid time value');
    const table = o.data.numbers.relative[o.style + '-' + single];
    if (o.numeric === 'auto' && !Object.is(x, -0) && table.auto[String(x)] !== undefined) return [{ type: 'literal', value: table.auto[String(x)] }];
    const past = x < 0 || Object.is(x, -0);
    const numParts = formatNumberParts(o.nf, Math.abs(x));
    const int = numParts.filter((p) => p.type === 'integer').map((p) => p.value).join('');
    const frac = numParts.filter((p) => p.type === 'fraction').map((p) => p.value).join('');
    const forms = past ? table.past : table.future;
    const pattern = pluralOne(o.lang, int, frac) ? forms[1] : forms[0];
    const [before, after] = pattern.split('{0}');
    const out = [];
    if (before) out.push({ type: 'literal', value: before });
    for (const p of numParts) out.push({ type: p.type, value: p.value, unit: single });
    if (after) out.push({ type: 'literal', value: after });
    return out;
  };

  // ---- ListFormat ---------------------------------------------------------------------------------
  class ListFormat {
    constructor(locales, options) {
      if (new.target === undefined) throw new TypeError("Constructor Intl.ListFormat requires 'new'");
      const requested = localeList(locales);
      options = toObject(options);
      getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', 'Intl.ListFormat');
      const { locale, lang } = lookupLocale(requested, 'Intl.ListFormat');
      const type = getOption(options, 'type', 'string', ['conjunction', 'disjunction', 'unit'], 'conjunction', 'Intl.ListFormat');
      const style = getOption(options, 'style', 'string', ['long', 'short', 'narrow'], 'long', 'Intl.ListFormat');
      slots.set(this, { kind: 'ListFormat', locale, type, style, patterns: listPatterns(localeData(lang).numbers.list[type + '-' + style]) });
    }
    format(list) { return joinParts(listParts(slotsOf(this, 'ListFormat', 'format'), list)); }
    formatToParts(list) { return listParts(slotsOf(this, 'ListFormat', 'formatToParts'), list); }
    resolvedOptions() {
      const o = slotsOf(this, 'ListFormat', 'resolvedOptions');
      return { locale: o.locale, type: o.type, style: o.style };
    }
    static supportedLocalesOf(locales) { return supportedLocales(locales); }
  }

  // listPatterns splits the recorded four-item list into its separators.
  const listPatterns = (rec) => {
    const sep = (s, a, b) => s.slice(s.indexOf('{' + a + '}') + 3, s.indexOf('{' + b + '}'));
    return { pair: sep(rec.pair, 0, 1), start: sep(rec.four, 0, 1), middle: sep(rec.four, 1, 2), end: sep(rec.four, 2, 3) };
  };

  const listParts = (o, list) => {
    const items = [];
    if (list !== undefined) {
      for (const x of list) {
        if (typeof x !== 'string') throw new TypeError('Iterable yielded ' + (typeof x === 'symbol' ? x.toString() : String(x)) + ' which is not a string');
        items.push(x);
      }
    }
    const out = [];
    items.forEach((x, i) => {
      if (i > 0) {
        const sep = items.length === 2 ? o.patterns.pair : i === 1 ? o.patterns.start : i === items.length - 1 ? o.patterns.end : o.patterns.middle;
        out.push({ type: 'literal', value: sep });
      }
      out.push({ type: 'element', value: x });
    });
    return out;
  };

  // ---- time zones ---------------------------------------------------------------------------------
  // Offsets, in minutes, and daylight saving rules of the zones looplab has names for; the
  // rules of today are applied to every year (README: "Intl").
  const ZONE_RULES = {
    UTC: [0], 'Asia/Ho_Chi_Minh': [420], 'Asia/Bangkok': [420], 'Asia/Jakarta': [420], 'Asia/Singapore': [480], 'Asia/Shanghai': [480],
    'Asia/Hong_Kong': [480], 'Asia/Taipei': [480], 'Asia/Tokyo': [540], 'Asia/Seoul': [540], 'Asia/Kolkata': [330], 'Asia/Dubai': [240],
    'Europe/London': [0, 'eu'], 'Europe/Paris': [60, 'eu'], 'Europe/Berlin': [60, 'eu'], 'Europe/Amsterdam': [60, 'eu'], 'Europe/Madrid': [60, 'eu'],
    'Europe/Rome': [60, 'eu'], 'Europe/Moscow': [180], 'America/New_York': [-300, 'us'], 'America/Chicago': [-360, 'us'], 'America/Denver': [-420, 'us'],
    'America/Phoenix': [-420], 'America/Los_Angeles': [-480, 'us'], 'America/Anchorage': [-540, 'us'], 'Pacific/Honolulu': [-600],
    'America/Sao_Paulo': [-180], 'America/Toronto': [-300, 'us'], 'America/Vancouver': [-480, 'us'], 'Australia/Sydney': [600, 'au'],
  };
  // What ICU reports a zone as (resolvedOptions().timeZone), and the names it knows it by.
  const ZONE_ALIASES = {
    'Asia/Saigon': 'Asia/Ho_Chi_Minh', 'Asia/Calcutta': 'Asia/Kolkata', 'Etc/UTC': 'UTC', 'Etc/GMT': 'UTC', GMT: 'UTC', 'Etc/Universal': 'UTC',
    'Etc/Zulu': 'UTC', UCT: 'UTC', Universal: 'UTC', Zulu: 'UTC', 'Etc/UCT': 'UTC', 'Etc/Greenwich': 'UTC', Greenwich: 'UTC', 'Etc/GMT0': 'UTC',
    'Etc/GMT+0': 'UTC', 'Etc/GMT-0': 'UTC', GMT0: 'UTC', 'GMT+0': 'UTC', 'GMT-0': 'UTC', 'US/Eastern': 'America/New_York', 'US/Central': 'America/Chicago',
    'US/Mountain': 'America/Denver', 'US/Pacific': 'America/Los_Angeles', 'US/Arizona': 'America/Phoenix', 'US/Alaska': 'America/Anchorage', 'US/Hawaii': 'Pacific/Honolulu',
    'Asia/Bangkok': 'Asia/Bangkok',
  };
  const ICU_ZONE_ID = { 'Asia/Ho_Chi_Minh': 'Asia/Saigon', 'Asia/Kolkata': 'Asia/Calcutta' };

  // resolveTimeZone returns the zone a DateTimeFormat formats in: { id (reported), rules
  // key or fixed offset }.
  const resolveTimeZone = (tz) => {
    if (tz === undefined) return { id: 'UTC', key: 'UTC' }; // the simulated machine's zone
    const s = String(tz);
    const off = /^([+-])(\d{2})(?::?(\d{2}))?$/.exec(s);
    if (off) {
      const h = Number(off[2]), m = Number(off[3] || 0);
      if (h > 23 || m > 59) throw new RangeError('Invalid time zone specified: ' + s);
      return { id: off[1] + off[2] + ':' + (off[3] || '00'), offset: (off[1] === '-' ? -1 : 1) * (h * 60 + m) };
    }
    const lower = s.toLowerCase();
    const match = (name) => name.toLowerCase() === lower;
    let key = Object.keys(ZONE_RULES).find(match) || Object.keys(ZONE_ALIASES).find(match);
    if (key !== undefined) {
      const canonical = ZONE_RULES[key] !== undefined ? key : ZONE_ALIASES[key];
      const id = canonical === 'UTC' ? 'UTC' : ZONE_RULES[key] !== undefined ? ICU_ZONE_ID[key] || key : key;
      return { id, key: canonical };
    }
    const at = data.timeZones.toLowerCase().indexOf('\n' + lower + '\n');
    const known = at < 0 ? undefined : data.timeZones.slice(at + 1, at + 1 + lower.length);
    if (known === undefined) throw new RangeError('Invalid time zone specified: ' + s);
    host.unsupported('the time zone ' + known + ' (looplab has rules for ' + Object.keys(ZONE_RULES).join(', ') + ')');
  };

  // nthSunday is the day of month of the n-th Sunday (n = -1: the last) of month m.
  const nthSunday = (y, m, n) => {
    if (n > 0) {
      const first = new OrigDate(OrigDate.UTC(y, m, 1)).getUTCDay();
      return 1 + ((7 - first) % 7) + (n - 1) * 7;
    }
    const lastDay = new OrigDate(OrigDate.UTC(y, m + 1, 0));
    return lastDay.getUTCDate() - lastDay.getUTCDay();
  };

  // isDaylight reports whether the daylight rule is in force at UTC time t: the US rules
  // of 1967-1986, 1987-2006 and since 2007, the EU's of 1981-1995 and since 1996,
  // Australia's (New South Wales) of 1987-2007 and since 2008; earlier years take the
  // earliest rule (ICU has each zone's whole history).
  const isDaylight = (rule, std, t) => {
    const y = new OrigDate(t).getUTCFullYear();
    let start, end;
    if (rule === 'us') { // 2 a.m. local time
      const [sm, sn, em, en] = y >= 2007 ? [2, 2, 10, 1] : y >= 1987 ? [3, 1, 9, -1] : [3, -1, 9, -1];
      start = OrigDate.UTC(y, sm, nthSunday(y, sm, sn), 2) - std * 60000;
      end = OrigDate.UTC(y, em, nthSunday(y, em, en), 2) - (std + 60) * 60000;
      return t >= start && t < end;
    }
    if (rule === 'eu') { // 1 a.m. UTC, last Sunday of March to last Sunday of October (September before 1996)
      start = OrigDate.UTC(y, 2, nthSunday(y, 2, -1), 1);
      const em = y >= 1996 ? 9 : 8;
      end = OrigDate.UTC(y, em, nthSunday(y, em, -1), 1);
      return t >= start && t < end;
    }
    // au: from 2 a.m. standard in October to 3 a.m. daylight in March or April
    const [em, en, sn] = y >= 2008 ? [3, 1, 1] : [2, -1, -1];
    end = OrigDate.UTC(y, em, nthSunday(y, em, en), 3) - (std + 60) * 60000;
    start = OrigDate.UTC(y, 9, nthSunday(y, 9, sn), 2) - std * 60000;
    return t < end || t >= start;
  };

  // zoneAt gives the offset (minutes) and daylight flag of a zone at UTC time t.
  const zoneAt = (zone, t) => {
    if (zone.offset !== undefined) return { offset: zone.offset, dst: false };
    const [std, rule] = ZONE_RULES[zone.key];
    const dst = rule !== undefined && isDaylight(rule, std, t);
    return { offset: std + (dst ? 60 : 0), dst };
  };

  const offsetName = (offset, long) => {
    const sign = offset < 0 ? '-' : '+';
    const a = Math.abs(offset), h = Math.floor(a / 60), m = a % 60;
    if (long) return 'GMT' + sign + String(h).padStart(2, '0') + ':' + String(m).padStart(2, '0');
    return 'GMT' + sign + h + (m ? ':' + String(m).padStart(2, '0') : '');
  };

  const zoneName = (loc, zone, at, letters) => {
    if (letters === 'O') return offsetName(at.offset, false);
    if (letters === 'OOOO') return offsetName(at.offset, true);
    if (letters[0] === 'v') host.unsupported('the generic time zone names (shortGeneric, longGeneric)');
    const names = zone.key !== undefined ? loc.zones[zone.key] : undefined;
    const long = letters === 'zzzz';
    if (names === undefined) return long ? offsetName(at.offset, true) : offsetName(at.offset, false);
    return names[(at.dst ? 2 : 0) + (long ? 1 : 0)];
  };

  // ---- DateTimeFormat ---------------------------------------------------------------------------
  const DATE_FIELDS = ['weekday', 'era', 'year', 'month', 'day'];
  const TIME_FIELDS = ['dayPeriod', 'hour', 'minute', 'second', 'fractionalSecondDigits'];
  const FIELD_VALUES = {
    weekday: ['narrow', 'short', 'long'], era: ['narrow', 'short', 'long'], year: ['2-digit', 'numeric'],
    month: ['2-digit', 'numeric', 'narrow', 'short', 'long'], day: ['2-digit', 'numeric'], dayPeriod: ['narrow', 'short', 'long'],
    hour: ['2-digit', 'numeric'], minute: ['2-digit', 'numeric'], second: ['2-digit', 'numeric'],
    timeZoneName: ['short', 'long', 'shortOffset', 'longOffset', 'shortGeneric', 'longGeneric'],
  };

  // dateTimeFormatSlots is CreateDateTimeFormat with ToDateTimeOptions' required and
  // defaults ('any'/'all' for the constructor and toLocaleString, 'date' or 'time' for
  // toLocaleDateString and toLocaleTimeString).
  const dateTimeFormatSlots = (locales, options, required, defaults) => {
    const requested = localeList(locales);
    options = toObject(options);
    const S = 'Intl.DateTimeFormat';
    getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', S);
    checkCalendarAndDigits(options);
    const hour12 = getOption(options, 'hour12', 'boolean', undefined, undefined, S);
    const hourCycleOpt = getOption(options, 'hourCycle', 'string', ['h11', 'h12', 'h23', 'h24'], undefined, S);
    const { locale, lang } = lookupLocale(requested, S);
    const loc = localeData(lang);
    const o = { kind: 'DateTimeFormat', locale, lang, loc };
    o.zone = resolveTimeZone(options.timeZone);
    const fields = {};
    for (const f of ['weekday', 'era', 'year', 'month', 'day', 'dayPeriod', 'hour', 'minute', 'second']) {
      fields[f] = getOption(options, f, 'string', FIELD_VALUES[f], undefined, S);
      if (f === 'second') {
        const fsd = options.fractionalSecondDigits;
        fields.fractionalSecondDigits = fsd === undefined ? undefined : numberOption(fsd, 'fractionalSecondDigits', 1, 3, undefined);
      }
    }
    fields.timeZoneName = getOption(options, 'timeZoneName', 'string', FIELD_VALUES.timeZoneName, undefined, S);
    getOption(options, 'formatMatcher', 'string', ['basic', 'best fit'], 'best fit', S);
    const dateStyle = getOption(options, 'dateStyle', 'string', ['full', 'long', 'medium', 'short'], undefined, S);
    const timeStyle = getOption(options, 'timeStyle', 'string', ['full', 'long', 'medium', 'short'], undefined, S);
    const hasField = Object.keys(fields).some((f) => fields[f] !== undefined);
    if ((dateStyle !== undefined || timeStyle !== undefined) && hasField) throw new TypeError('Invalid option : option');
    if (required === 'date' && timeStyle !== undefined) throw new TypeError('Invalid option : timeStyle');
    if (required === 'time' && dateStyle !== undefined) throw new TypeError('Invalid option : dateStyle');
    // ToDateTimeOptions' defaults.
    if (dateStyle === undefined && timeStyle === undefined) {
      let needDefaults = true;
      if (required === 'date' || required === 'any') if (['weekday', 'year', 'month', 'day'].some((f) => fields[f] !== undefined)) needDefaults = false;
      if (required === 'time' || required === 'any') if (['dayPeriod', 'hour', 'minute', 'second', 'fractionalSecondDigits'].some((f) => fields[f] !== undefined)) needDefaults = false;
      if (needDefaults && (defaults === 'date' || defaults === 'all')) fields.year = fields.month = fields.day = 'numeric';
      if (needDefaults && (defaults === 'time' || defaults === 'all')) fields.hour = fields.minute = fields.second = 'numeric';
    }
    // The hour cycle: hour12 wins over hourCycle, both over the locale's.
    let hc = hourCycleOpt || loc.defaults.hourCycle;
    if (hour12 !== undefined) hc = hour12 ? loc.defaults.hourCycle12 : loc.defaults.hourCycle24;
    const hasHour = fields.hour !== undefined || timeStyle !== undefined;
    o.hourCycle = hasHour ? hc : undefined;
    o.dateStyle = dateStyle;
    o.timeStyle = timeStyle;
    o.pattern = dateStyle !== undefined || timeStyle !== undefined ? stylePattern(loc, dateStyle, timeStyle, hc) : fieldsPattern(loc, lang, fields, hc);
    return o;
  };

  const stylePattern = (loc, ds, ts, hc) => loc.styles[(ds || '') + '/' + (ts || '') + (ts ? '/' + hc : '')];

  // lookup finds key's pattern in a recorded table ("\nkey\tpattern" lines).
  const lookup = (table, key) => {
    const at = table.indexOf('\n' + key + '\t');
    if (at < 0) return undefined;
    const start = at + key.length + 2;
    return table.slice(start, table.indexOf('\n', start));
  };

  const dataKey = (o) => ['weekday', 'era', 'year', 'month', 'day', 'dayPeriod', 'hour', 'minute', 'second', 'fractionalSecondDigits', 'timeZoneName', 'hourCycle']
    .filter((k) => o[k] !== undefined).map((k) => k + ':' + o[k]).join(',');

  // The glue of a date and a time pattern, read from the locale's style patterns: the
  // long one when the date has a long month, the medium one otherwise.
  const glueOf = (loc, size) => {
    const both = loc.styles[size + '/short/h23'];
    const date = loc.styles[size + '/'];
    const time = loc.styles['/short/h23'];
    return both.replace(date, '{1}').replace(time, '{0}');
  };

  // fieldsPattern finds the pattern ICU chose for the requested fields (intl_data.js: the
  // date fields' and the time fields' patterns, recorded for every width) and glues the
  // two as ICU does.
  const fieldsPattern = (loc, lang, f, hc) => {
    const dateKey = dataKey({ weekday: f.weekday, era: f.era, year: f.year, month: f.month, day: f.day });
    const zoneLetters = { short: 'z', long: 'zzzz', shortOffset: 'O', longOffset: 'OOOO', shortGeneric: 'v', longGeneric: 'vvvv' }[f.timeZoneName];
    const hasTime = f.hour !== undefined || f.minute !== undefined || f.second !== undefined || f.fractionalSecondDigits !== undefined || zoneLetters !== undefined;
    let time = '';
    const timeFields = f.hour !== undefined || f.minute !== undefined || f.second !== undefined || f.fractionalSecondDigits !== undefined;
    if (!timeFields && zoneLetters !== undefined) time = zoneLetters;
    else if (hasTime) {
      const key = dataKey({
        dayPeriod: f.hour !== undefined && f.fractionalSecondDigits === undefined && zoneLetters === undefined ? f.dayPeriod : undefined,
        hour: f.hour, minute: f.minute, second: f.second,
        fractionalSecondDigits: f.fractionalSecondDigits !== undefined ? 1 : undefined,
        timeZoneName: zoneLetters === undefined ? undefined : zoneLetters[0] === 'O' ? 'shortOffset' : zoneLetters === 'zzzz' || zoneLetters === 'vvvv' ? 'long' : 'short',
        hourCycle: f.hour !== undefined ? hc : undefined,
      });
      time = lookup(loc.times, key);
      if (f.fractionalSecondDigits !== undefined) time = time.replace(/S+/, 'S'.repeat(f.fractionalSecondDigits));
      if (zoneLetters !== undefined) time = time.replace(/z+|O+/, zoneLetters);
    }
    const date = dateKey ? lookup(loc.dates, dateKey) : '';
    if (!date) return time;
    if (!time) return date;
    // en: a weekday alone before an hour (and minutes, seconds) reads "Tuesday 2:07 PM".
    if (lang === 'en' && /^(E+|c+)$/.test(date) && f.hour !== undefined && !(f.second !== undefined && f.minute === undefined) &&
        f.fractionalSecondDigits === undefined && zoneLetters === undefined) return date + ' ' + time;
    const longMonth = /(^|[^ML])(MMMM|LLLL)([^ML]|$)/.test(date.replace(/'[^']*'/g, ''));
    const glue = glueOf(loc, longMonth ? 'long' : 'medium');
    return glue.replace('{1}', () => date).replace('{0}', () => time);
  };

  // tokens splits a CLDR pattern into fields (runs of one letter) and literals.
  const tokens = (pattern) => {
    const out = [];
    for (let i = 0; i < pattern.length;) {
      const c = pattern[i];
      if (c === "'") {
        let j = i + 1, lit = '';
        while (j < pattern.length) {
          if (pattern[j] === "'") {
            if (pattern[j + 1] === "'") { lit += "'"; j += 2; continue; }
            break;
          }
          lit += pattern[j++];
        }
        out.push({ lit: i + 1 === j ? "'" : lit });
        i = j + 1;
      } else if (/[A-Za-z]/.test(c)) {
        let j = i;
        while (pattern[j] === c) j++;
        out.push({ field: c, n: j - i });
        i = j;
      } else {
        let j = i;
        while (j < pattern.length && pattern[j] !== "'" && !/[A-Za-z]/.test(pattern[j])) j++;
        out.push({ lit: pattern.slice(i, j) });
        i = j;
      }
    }
    // Adjacent literals merge, as ICU reports them.
    const merged = [];
    for (const t of out) {
      const last = merged[merged.length - 1];
      if (t.lit !== undefined && last && last.lit !== undefined) last.lit += t.lit;
      else merged.push(t);
    }
    return merged;
  };

  const pad2 = (n) => String(n).padStart(2, '0');

  // dateParts formats time value t by the slots' pattern.
  const dateParts = (o, t) => {
    const loc = o.loc, N = loc.names;
    const at = zoneAt(o.zone, t);
    const local = new OrigDate(t + at.offset * 60000);
    const y = local.getUTCFullYear(), mo = local.getUTCMonth(), day = local.getUTCDate(), wd = local.getUTCDay();
    const h = local.getUTCHours(), mi = local.getUTCMinutes(), s = local.getUTCSeconds(), ms = local.getUTCMilliseconds();
    const eraYear = y > 0 ? y : 1 - y;
    const parts = [];
    for (const tk of tokens(o.pattern)) {
      if (tk.lit !== undefined) {
        parts.push({ type: 'literal', value: tk.lit });
        continue;
      }
      const n = tk.n;
      let type, value;
      switch (tk.field) {
        case 'y': type = 'year'; value = n === 2 ? pad2(eraYear % 100) : String(eraYear); break;
        case 'M': case 'L': {
          type = 'month';
          const alone = tk.field === 'L' ? 'Alone' : '';
          value = n === 1 ? String(mo + 1) : n === 2 ? pad2(mo + 1) : N.months[(n === 3 ? 'short' : n === 4 ? 'long' : 'narrow') + alone][mo];
          break;
        }
        case 'd': type = 'day'; value = n === 2 ? pad2(day) : String(day); break;
        case 'E': case 'c': {
          type = 'weekday';
          const alone = tk.field === 'c' ? 'Alone' : '';
          value = N.weekdays[(n <= 3 ? 'short' : n === 4 ? 'long' : 'narrow') + alone][wd];
          break;
        }
        case 'G': type = 'era'; value = N.eras[n <= 3 ? 'short' : n === 4 ? 'long' : 'narrow'][y > 0 ? 1 : 0]; break;
        case 'a': type = 'dayPeriod'; value = N.dayPeriods[h < 12 ? 0 : 1]; break;
        case 'B': type = 'dayPeriod'; value = N.flexibleDayPeriods[n === 1 ? 'short' : n === 4 ? 'long' : 'narrow'][h]; break;
        case 'h': type = 'hour'; value = String(h % 12 === 0 ? 12 : h % 12); break;
        case 'K': type = 'hour'; value = String(h % 12); break;
        case 'H': type = 'hour'; value = String(h); break;
        case 'k': type = 'hour'; value = String(h === 0 ? 24 : h); break;
        case 'm': type = 'minute'; value = String(mi); break;
        case 's': type = 'second'; value = String(s); break;
        case 'S': type = 'fractionalSecond'; value = String(ms).padStart(3, '0').slice(0, n); break;
        case 'z': case 'O': case 'v': type = 'timeZoneName'; value = zoneName(loc, o.zone, at, tk.field.repeat(n)); break;
        default: type = 'literal'; value = tk.field.repeat(n);
      }
      if (n === 2 && (type === 'hour' || type === 'minute' || type === 'second')) value = pad2(value);
      parts.push({ type, value });
    }
    return parts;
  };

  // timeValueOf is the time value format() takes: now for undefined, a Date's value or
  // any number.
  const timeValueOf = (date) => {
    let t = date === undefined ? Date.now() : Number(date instanceof OrigDate ? apply(dateValue, date, []) : date);
    if (!Number.isFinite(t) || Math.abs(t) > 8.64e15) throw new RangeError('Invalid time value');
    return Math.trunc(t) + 0;
  };

  // V8's format() prints a space where ICU puts U+202F before AM/PM; formatToParts keeps it.
  const formatDate = (o, date) => joinParts(dateParts(o, timeValueOf(date))).replace(/\u202f/g, ' ');

  const DateTimeFormat = legacyConstructor(class DateTimeFormat {
    get format() {
      const o = slotsOf(this, 'DateTimeFormat', 'format');
      if (o.bound === undefined) {
        const f = (date) => formatDate(o, date);
        defineProperty(f, 'name', { value: '' });
        o.bound = f;
      }
      return o.bound;
    }
    formatToParts(date) { return dateParts(slotsOf(this, 'DateTimeFormat', 'formatToParts'), timeValueOf(date)); }
    formatRange(start, end) {
      const o = slotsOf(this, 'DateTimeFormat', 'formatRange');
      if (start === undefined || end === undefined) throw new TypeError('startDate and endDate cannot be undefined');
      const a = formatDate(o, start), b = formatDate(o, end);
      return a === b ? a : a + '\u2009\u2013\u2009' + b;
    }
    resolvedOptions() {
      const o = slotsOf(this, 'DateTimeFormat', 'resolvedOptions');
      const r = { locale: o.locale, calendar: 'gregory', numberingSystem: 'latn', timeZone: o.zone.id };
      if (o.hourCycle !== undefined) {
        r.hourCycle = o.hourCycle;
        r.hour12 = o.hourCycle === 'h11' || o.hourCycle === 'h12';
      }
      if (o.dateStyle !== undefined || o.timeStyle !== undefined) {
        if (o.dateStyle !== undefined) r.dateStyle = o.dateStyle;
        if (o.timeStyle !== undefined) r.timeStyle = o.timeStyle;
        return r;
      }
      const seen = {};
      for (const tk of tokens(o.pattern)) if (tk.field !== undefined) seen[tk.field] = tk.n;
      const width = (n) => (n <= 3 ? 'short' : n === 4 ? 'long' : 'narrow');
      const num = (n) => (n === 2 ? '2-digit' : 'numeric');
      if (seen.E || seen.c) r.weekday = width(seen.E || seen.c);
      if (seen.G) r.era = width(seen.G);
      if (seen.y) r.year = num(seen.y);
      if (seen.M || seen.L) r.month = (seen.M || seen.L) <= 2 ? num(seen.M || seen.L) : width(seen.M || seen.L);
      if (seen.d) r.day = num(seen.d);
      if (seen.B) r.dayPeriod = width(seen.B === 1 ? 3 : seen.B);
      const hour = seen.h || seen.H || seen.k || seen.K;
      if (hour) r.hour = num(hour);
      if (seen.m) r.minute = num(seen.m);
      if (seen.s) r.second = num(seen.s);
      if (seen.S) r.fractionalSecondDigits = seen.S;
      if (seen.z) r.timeZoneName = seen.z === 4 ? 'long' : 'short';
      if (seen.O) r.timeZoneName = seen.O === 4 ? 'longOffset' : 'shortOffset';
      return r;
    }
    static supportedLocalesOf(locales) { return supportedLocales(locales); }
  }, (locales, options) => dateTimeFormatSlots(locales, options, 'any', 'date'));

  // ---- what Node has and looplab does not ------------------------------------------------------
  const unsimulated = (name) => {
    const C = function () { host.unsupported('Intl.' + name); };
    defineProperty(C, 'name', { value: name });
    defineProperty(C, 'supportedLocalesOf', { value: function supportedLocalesOf(locales) { return supportedLocales(locales); }, writable: true, configurable: true });
    return C;
  };
  // ---- Collator --------------------------------------------------------------------------------
  // A three-level collation in the manner of the Unicode Collation Algorithm, for the
  // scripts looplab's locales write in: letters compare by base letter first (Vietnamese
  // tailors ă â đ ê ô ơ ư as letters of their own), then accents (in DUCET's order, or
  // Vietnamese tone order), then case (lower first); spaces and punctuation come before
  // digits, digits before letters, other scripts after Latin by code point.
  const MARK_ORDER = { root: '\u0301\u0300\u0306\u0302\u030C\u030A\u0308\u030B\u0303\u0307\u0327\u0328\u0304\u031B\u0323\u0309', vi: '\u0300\u0309\u0303\u0301\u0323' };
  const VI_LETTERS = { 'a\u0306': 'a1', 'a\u0302': 'a2', '\u0111': 'd1', 'e\u0302': 'e1', 'o\u0302': 'o1', 'o\u031B': 'o2', 'u\u031B': 'u1' };

  // collationKeys splits a string into per-character keys [primary, secondary, tertiary].
  const collationKeys = (str, o) => {
    const s = str.normalize('NFD');
    const keys = [];
    for (let i = 0; i < s.length; i++) {
      let c = s[i];
      const code = s.codePointAt(i);
      if (code > 0xffff) { c = String.fromCodePoint(code); i++; }
      if (code >= 0x300 && code <= 0x36f) { // a combining mark: an accent of the letter before
        const last = keys[keys.length - 1];
        if (last === undefined) continue;
        const lower = c;
        if (o.vi) {
          const tailored = VI_LETTERS[last.base + lower];
          if (tailored !== undefined && !last.tailored) { last.primary = letterWeight(tailored); last.tailored = true; continue; }
        }
        const order = o.vi ? MARK_ORDER.vi + MARK_ORDER.root : MARK_ORDER.root;
        const at = order.indexOf(lower);
        last.secondary.push(at < 0 ? 100 + code : at + 1);
        continue;
      }
      const lower = c.toLowerCase();
      const upper = lower !== c;
      let primary, base = lower;
      if (/[a-z]/.test(lower)) primary = letterWeight(lower);
      else if (lower === '\u0111') {
        primary = letterWeight(o.vi ? 'd1' : 'd');
        if (!o.vi) keys.push({ primary, secondary: [50], tertiary: upper ? 1 : 0, base: 'd' });
        if (!o.vi) continue;
        base = 'd';
      } else if (/[0-9]/.test(c)) {
        if (o.numeric) {
          let j = i;
          while (j < s.length && /[0-9]/.test(s[j])) j++;
          const run = s.slice(i, j).replace(/^0+(?=\d)/, '');
          keys.push({ primary: 20000 + run.length * 10 + 0, run, secondary: [], tertiary: 0, base: c });
          i = j - 1;
          continue;
        }
        primary = 20000 + (code - 48);
      } else if (/\s/.test(c) || /[\p{P}\p{S}]/u.test(c)) {
        if (o.ignorePunctuation) continue;
        primary = 1000 + code;
      } else primary = 100000 + code;
      keys.push({ primary, secondary: [], tertiary: upper ? 1 : 0, base });
    }
    return keys;
  };
  const letterWeight = (l) => 30000 + (l.charCodeAt(0) - 97) * 10 + (l.length > 1 ? Number(l[1]) : 0);

  const compareLevel = (a, b, get) => {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      if (i >= a.length) return -1;
      if (i >= b.length) return 1;
      const x = get(a[i]), y = get(b[i]);
      if (typeof x === 'string' || typeof y === 'string') {
        const c = x.length - y.length || (x < y ? -1 : x > y ? 1 : 0);
        if (c !== 0) return c < 0 ? -1 : 1;
      } else if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };

  const collate = (o, x, y) => {
    const a = collationKeys(x, o), b = collationKeys(y, o);
    let c = compareLevel(a, b, (k) => (k.run !== undefined ? k.run : k.primary));
    if (c !== 0 || o.sensitivity === 'base') return c;
    if (o.sensitivity !== 'case') {
      c = compareLevel(a.map((k) => k.secondary.join(',')), b.map((k) => k.secondary.join(',')), (k) => k);
      if (c !== 0) return c;
      const secondary = (keys) => keys.flatMap((k) => [0, ...k.secondary]);
      c = compareLevel(secondary(a), secondary(b), (k) => k);
      if (c !== 0 || o.sensitivity === 'accent') return c;
    }
    const flip = o.caseFirst === 'upper' ? -1 : 1;
    c = compareLevel(a, b, (k) => k.tertiary) * flip;
    return c === 0 ? 0 : c;
  };

  // collatorSlots is InitializeCollator.
  const collatorSlots = (locales, options) => {
    const requested = localeList(locales);
    options = toObject(options);
    const S = 'Intl.Collator';
    const usage = getOption(options, 'usage', 'string', ['sort', 'search'], 'sort', S);
    getOption(options, 'localeMatcher', 'string', ['lookup', 'best fit'], 'best fit', S);
    const collation = options.collation;
    if (collation !== undefined && String(collation) !== 'default') host.unsupported('the collation ' + String(collation));
    const numeric = getOption(options, 'numeric', 'boolean', undefined, false, S);
    const caseFirst = getOption(options, 'caseFirst', 'string', ['upper', 'lower', 'false'], 'false', S);
    const { locale, lang } = lookupLocale(requested, S);
    const sensitivity = getOption(options, 'sensitivity', 'string', ['base', 'accent', 'case', 'variant'], 'variant', S);
    const ignorePunctuation = getOption(options, 'ignorePunctuation', 'boolean', undefined, false, S);
    return { kind: 'Collator', locale, usage, sensitivity, ignorePunctuation, numeric, caseFirst, vi: lang === 'vi' };
  };

  const Collator = legacyConstructor(class Collator {
    get compare() {
      const o = slotsOf(this, 'Collator', 'compare');
      if (o.bound === undefined) {
        const f = (x, y) => collate(o, String(x), String(y));
        defineProperty(f, 'name', { value: '' });
        o.bound = f;
      }
      return o.bound;
    }
    resolvedOptions() {
      const o = slotsOf(this, 'Collator', 'resolvedOptions');
      return { locale: o.locale, usage: o.usage, sensitivity: o.sensitivity, ignorePunctuation: o.ignorePunctuation, collation: 'default', numeric: o.numeric, caseFirst: o.caseFirst };
    }
    static supportedLocalesOf(locales) { return supportedLocales(locales); }
  }, collatorSlots);
  const Locale = unsimulated('Locale');

  // ---- the Intl object ---------------------------------------------------------------------------
  const Intl = {};
  const finish = (C, name, length) => {
    defineProperty(C, 'length', { value: length });
    defineProperty(C.prototype, Symbol.toStringTag, { value: 'Intl.' + name, configurable: true });
    for (const k of Object.getOwnPropertyNames(C.prototype)) {
      const desc = Object.getOwnPropertyDescriptor(C.prototype, k);
      if (k !== 'constructor') defineProperty(C.prototype, k, { ...desc, enumerable: false });
    }
  };
  finish(NumberFormat, 'NumberFormat', 0);
  finish(DateTimeFormat, 'DateTimeFormat', 0);
  finish(PluralRules, 'PluralRules', 0);
  finish(RelativeTimeFormat, 'RelativeTimeFormat', 0);
  finish(ListFormat, 'ListFormat', 0);
  finish(Collator, 'Collator', 0);
  const members = {
    getCanonicalLocales: function getCanonicalLocales(locales) { return localeList(locales); },
    supportedValuesOf: function supportedValuesOf(key) {
      switch (String(key)) {
        case 'calendar': return ['gregory'];
        case 'numberingSystem': return ['latn'];
        case 'timeZone': return data.timeZones.slice(1, -1).split('\n');
        case 'currency': return Object.keys(data['en-US'].numbers.currencies).sort();
        case 'unit': return SANCTIONED_UNITS.slice();
        case 'collation': case 'calendar': return [];
        default: throw new RangeError('Invalid key : ' + String(key));
      }
    },
    DateTimeFormat, NumberFormat, Collator, PluralRules, RelativeTimeFormat, ListFormat, Locale,
    DisplayNames: unsimulated('DisplayNames'), Segmenter: unsimulated('Segmenter'), DurationFormat: unsimulated('DurationFormat'),
  };
  defineProperty(members.getCanonicalLocales, 'length', { value: 1 });
  for (const k of Object.keys(members)) defineProperty(Intl, k, { value: members[k], writable: true, configurable: true, enumerable: false });
  defineProperty(Intl, Symbol.toStringTag, { value: 'Intl', configurable: true });

  // ---- the toLocale*String methods -----------------------------------------------------------------
  const dateCache = new Map(); // the default formatters, as V8 caches them
  let collatorCache;
  const dateToLocale = (date, locales, options, required, defaults) => {
    const t = apply(dateValue, date, []);
    if (Number.isNaN(t)) return 'Invalid Date';
    let o;
    if (locales === undefined && options === undefined) {
      o = dateCache.get(required);
      if (o === undefined) dateCache.set(required, (o = dateTimeFormatSlots(undefined, undefined, required, defaults)));
    } else {
      o = dateTimeFormatSlots(locales, options, required, defaults);
    }
    return formatDate(o, t);
  };

  return {
    Intl,
    date: {
      toLocaleString(date, locales, options) { return dateToLocale(date, locales, options, 'any', 'all'); },
      toLocaleDateString(date, locales, options) { return dateToLocale(date, locales, options, 'date', 'date'); },
      toLocaleTimeString(date, locales, options) { return dateToLocale(date, locales, options, 'time', 'time'); },
    },
    number: (x, locales, options) => joinParts(formatNumberParts(numberFormatSlots(locales, options), x)),
    localeCompare: (a, b, locales, options) => {
      let o;
      if (locales === undefined && options === undefined) {
        o = collatorCache || (collatorCache = collatorSlots());
      } else o = collatorSlots(locales, options);
      return collate(o, a, b);
    },
    array: (arr, locales, options) => {
      const a = Object(arr);
      const len = Math.min(Number(a.length) || 0, 2 ** 32 - 1);
      let out = '';
      for (let k = 0; k < len; k++) {
        if (k > 0) out += ',';
        const v = a[k];
        if (v !== undefined && v !== null) out += String(Object(v).toLocaleString(locales, options));
      }
      return out;
    },
  };
})
