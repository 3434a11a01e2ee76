// Records the locale data sim/js/intl.js formats with, from real Node's ICU (CLDR data),
// for the locales the simulator has (en-US, vi-VN): date patterns for every combination
// of DateTimeFormat's fields and widths (as CLDR pattern letters, with ICU's own choices
// kept), names of months, weekdays, eras and day periods, time zone names, number
// symbols and patterns, currencies, units, compact forms, list and relative-time patterns.
// Nothing here is code the simulator runs: it writes data. Usage: ./record.sh (which runs
// it with Node 24 into ../../js/intl_data.js).
'use strict';
const LOCALES = ['en-US', 'vi-VN'];
const T = new Date(Date.UTC(2024, 2, 5, 9, 7, 9, 45)); // single-digit fields show their padding

const quote = (s) => (/[A-Za-z']/.test(s) ? "'" + s.replace(/'/g, "''") + "'" : s);

function names(loc) {
  const fmt = (o, d) => new Intl.DateTimeFormat(loc, { timeZone: 'UTC', ...o }).formatToParts(d);
  const part = (o, d, type) => fmt(o, d).find((p) => p.type === type).value;
  const months = {}, weekdays = {};
  for (const w of ['long', 'short', 'narrow']) {
    months[w] = [], months[w + 'Alone'] = [], weekdays[w] = [], weekdays[w + 'Alone'] = [];
    for (let m = 0; m < 12; m++) {
      const d = new Date(Date.UTC(2024, m, 5));
      months[w].push(part({ month: w, day: 'numeric' }, d, 'month'));
      months[w + 'Alone'].push(part({ month: w }, d, 'month'));
    }
    for (let i = 0; i < 7; i++) {
      const d = new Date(Date.UTC(2024, 2, 3 + i)); // Sunday 3 March 2024 on
      weekdays[w].push(part({ weekday: w, year: 'numeric', month: 'long', day: 'numeric' }, d, 'weekday'));
      weekdays[w + 'Alone'].push(part({ weekday: w }, d, 'weekday'));
    }
  }
  const eras = {};
  for (const w of ['long', 'short', 'narrow']) {
    eras[w] = [part({ era: w, year: 'numeric' }, new Date(Date.UTC(-100, 0, 1)), 'era'), part({ era: w, year: 'numeric' }, T, 'era')];
  }
  const am = part({ hour: 'numeric', hour12: true }, new Date(Date.UTC(2024, 0, 1, 9)), 'dayPeriod');
  const pm = part({ hour: 'numeric', hour12: true }, new Date(Date.UTC(2024, 0, 1, 21)), 'dayPeriod');
  const flexible = {};
  for (const w of ['long', 'short', 'narrow']) {
    flexible[w] = [];
    for (let h = 0; h < 24; h++) {
      flexible[w].push(part({ hour: 'numeric', hourCycle: 'h12', dayPeriod: w }, new Date(Date.UTC(2024, 0, 1, h, 30)), 'dayPeriod'));
    }
    flexible[w + 'Noon'] = part({ hour: 'numeric', hourCycle: 'h12', dayPeriod: w }, new Date(Date.UTC(2024, 0, 1, 12)), 'dayPeriod');
  }
  return { months, weekdays, eras, dayPeriods: [am, pm], flexibleDayPeriods: flexible };
}

// patternOf turns formatToParts output into a CLDR pattern: each field as its letters.
function patternOf(loc, o, n) {
  const ro = new Intl.DateTimeFormat(loc, o).resolvedOptions();
  const hourLetter = { h11: 'K', h12: 'h', h23: 'H', h24: 'k' }[ro.hourCycle];
  let p = '';
  for (const part of new Intl.DateTimeFormat(loc, { timeZone: 'UTC', ...o }).formatToParts(T)) {
    const v = part.value;
    switch (part.type) {
      case 'literal': p += quote(v); break;
      case 'year': p += v.length === 2 ? 'yy' : 'y'; break;
      case 'day': p += v.length === 2 ? 'dd' : 'd'; break;
      case 'minute': p += v.length === 2 ? 'mm' : 'm'; break;
      case 'second': p += v.length === 2 ? 'ss' : 's'; break;
      case 'hour': p += v.length === 2 ? hourLetter + hourLetter : hourLetter; break;
      case 'fractionalSecond': p += 'S'.repeat(v.length); break;
      case 'dayPeriod': p += v === n.dayPeriods[0] || v === n.dayPeriods[1] ? 'a' : { long: 'BBBB', short: 'B', narrow: 'BBBBB' }[o.dayPeriod] || 'B'; break;
      case 'era': p += { long: 'GGGG', short: 'G', narrow: 'GGGGG' }[o.era] || 'G'; break;
      case 'timeZoneName': p += { short: 'z', long: 'zzzz', shortOffset: 'O', longOffset: 'OOOO', shortGeneric: 'v', longGeneric: 'vvvv' }[o.timeZoneName] || (v.includes(' ') ? 'zzzz' : 'z'); break;
      case 'month': {
        if (o.month === 'numeric' || o.month === '2-digit' || (o.month === undefined && /^\d+$/.test(v))) { p += v.length === 2 ? 'MM' : 'M'; break; }
        const m = T.getUTCMonth();
        const hit = [['MMMM', 'long'], ['LLLL', 'longAlone'], ['MMM', 'short'], ['LLL', 'shortAlone'], ['MMMMM', 'narrow'], ['LLLLL', 'narrowAlone']]
          .filter(([, k]) => n.months[k][m] === v);
        const want = { long: 4, short: 3, narrow: 5 }[o.month];
        const best = hit.find(([l]) => l.length === want && (o.year || o.day ? l[0] === 'M' : l[0] === 'L')) || hit.find(([l]) => l.length === want) || hit[0];
        p += best[0];
        break;
      }
      case 'weekday': {
        const i = T.getUTCDay();
        const hit = [['EEEE', 'long'], ['cccc', 'longAlone'], ['E', 'short'], ['ccc', 'shortAlone'], ['EEEEE', 'narrow'], ['ccccc', 'narrowAlone']]
          .filter(([, k]) => n.weekdays[k][i] === v);
        const want = { long: 4, short: 3, narrow: 5 }[o.weekday];
        const best = hit.find(([l]) => (l[0] === 'E' ? (l.length === 1 ? 3 : l.length) : l.length) === want) || hit[0];
        p += best[0];
        break;
      }
      default: throw new Error('part ' + part.type);
    }
  }
  return p;
}

function dates(loc, n) {
  const out = {};
  const W = { weekday: ['long', 'short', 'narrow'], era: ['long', 'short', 'narrow'], year: ['numeric', '2-digit'], month: ['numeric', '2-digit', 'long', 'short', 'narrow'], day: ['numeric', '2-digit'] };
  const fields = Object.keys(W);
  const rec = (i, o) => {
    if (i === fields.length) {
      if (Object.keys(o).length) out[key(o)] = patternOf(loc, o, n);
      return;
    }
    rec(i + 1, o);
    for (const w of W[fields[i]]) rec(i + 1, { ...o, [fields[i]]: w });
  };
  rec(0, {});
  return out;
}

function times(loc, n) {
  const out = {};
  const W = ['numeric', '2-digit'];
  // Each with a fraction of a second (one digit stands for any count) and a zone name
  // (short, long, and an offset, whose long form stands where the short one does), whose
  // presence changes ICU's choice of pattern.
  for (const hc of ['h11', 'h12', 'h23', 'h24']) {
    for (const h of [undefined, ...W]) for (const m of [undefined, ...W]) for (const s of [undefined, ...W]) {
      for (const fsd of [undefined, 1]) for (const tz of [undefined, 'short', 'long', 'shortOffset']) {
        const o = {};
        if (h) o.hour = h;
        if (m) o.minute = m;
        if (s) o.second = s;
        if (fsd) o.fractionalSecondDigits = fsd;
        if (tz) o.timeZoneName = tz;
        if (!Object.keys(o).length) continue;
        if (h) o.hourCycle = hc; else if (hc !== 'h11') continue;
        out[key(o)] = patternOf(loc, o, n);
        if (h && !fsd && !tz) for (const dp of ['long', 'short', 'narrow']) out[key({ ...o, dayPeriod: dp })] = patternOf(loc, { ...o, dayPeriod: dp }, n);
      }
    }
  }
  return out;
}

// key is the options' fields and widths in a fixed order: "year:numeric,month:long".
function key(o) {
  return ['weekday', 'era', 'year', 'month', 'day', 'dayPeriod', 'hour', 'minute', 'second', 'fractionalSecondDigits', 'timeZoneName', 'hourCycle']
    .filter((k) => o[k] !== undefined).map((k) => k + ':' + o[k]).join(',');
}

function styles(loc, n) {
  const out = {};
  for (const ds of [undefined, 'full', 'long', 'medium', 'short']) for (const ts of [undefined, 'full', 'long', 'medium', 'short']) {
    if (!ds && !ts) continue;
    for (const hc of ['h11', 'h12', 'h23', 'h24']) {
      const o = { dateStyle: ds, timeStyle: ts, hourCycle: ts ? hc : undefined };
      if (!ts && hc !== 'h11') continue;
      out[(ds || '') + '/' + (ts || '') + (ts ? '/' + hc : '')] = patternOf(loc, o, n);
    }
  }
  return out;
}

function defaults(loc) {
  const ro = new Intl.DateTimeFormat(loc, { hour: 'numeric' }).resolvedOptions();
  const h12 = new Intl.DateTimeFormat(loc, { hour: 'numeric', hour12: true }).resolvedOptions().hourCycle;
  return { hourCycle: ro.hourCycle, hourCycle12: h12, hourCycle24: new Intl.DateTimeFormat(loc, { hour: 'numeric', hour12: false }).resolvedOptions().hourCycle };
}

const ZONES = ['UTC', 'Asia/Ho_Chi_Minh', 'Asia/Bangkok', 'Asia/Jakarta', 'Asia/Singapore', 'Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Taipei', 'Asia/Tokyo', 'Asia/Seoul',
  'Asia/Kolkata', 'Asia/Dubai', 'Europe/London', 'Europe/Paris', 'Europe/Berlin', 'Europe/Amsterdam', 'Europe/Madrid', 'Europe/Rome', 'Europe/Moscow', 'America/New_York',
  'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'America/Sao_Paulo', 'America/Toronto', 'America/Vancouver', 'Australia/Sydney'];

function zoneNames(loc) {
  const out = {};
  const jan = new Date(Date.UTC(2024, 0, 15, 12)), jul = new Date(Date.UTC(2024, 6, 15, 12));
  const name = (z, t, w) => new Intl.DateTimeFormat(loc, { timeZone: z, timeZoneName: w }).formatToParts(t).find((p) => p.type === 'timeZoneName').value;
  for (const z of ZONES) out[z] = [name(z, jan, 'short'), name(z, jan, 'long'), name(z, jul, 'short'), name(z, jul, 'long')];
  return out;
}

function numbers(loc) {
  const nf = (o) => new Intl.NumberFormat(loc, o);
  const partsOf = (o, x) => nf(o).formatToParts(x);
  const find = (parts, type) => (parts.find((p) => p.type === type) || {}).value;
  const p = partsOf({}, -1234567.5);
  const symbols = {
    decimal: find(p, 'decimal'), group: find(p, 'group'), minus: find(p, 'minusSign'),
    plus: find(partsOf({ signDisplay: 'always' }, 1), 'plusSign'), percent: find(partsOf({ style: 'percent' }, 1), 'percentSign'),
    exponent: find(partsOf({ notation: 'scientific' }, 12345), 'exponentSeparator'), infinity: nf({}).format(Infinity), nan: nf({}).format(NaN),
    rangeSeparator: nf({}).formatRange(3, 5).replace(/^3|5$/g, ''), approx: nf({}).formatRange(3, 3).replace(/3/, ''),
  };
  // A pattern is the parts of 1 (or -1) with the number as "#".
  const shape = (o, x) => partsOf(o, x).map((q) => (['integer', 'group', 'decimal', 'fraction'].includes(q.type) ? '#' : q.type === 'literal' ? q.value : '{' + q.type + '}')).join('').replace(/#+/g, '#');
  const currencies = {};
  for (const c of ['USD', 'EUR', 'VND', 'JPY', 'GBP', 'CNY', 'KRW', 'AUD', 'CAD', 'SGD', 'THB', 'INR', 'CHF', 'HKD', 'TWD', 'RUB', 'BRL', 'MXN', 'IDR', 'MYR', 'PHP', 'NZD', 'SEK', 'NOK', 'DKK', 'PLN', 'TRY', 'ZAR', 'AED', 'SAR', 'LAK', 'KHR']) {
    const cur = (d, x) => find(partsOf({ style: 'currency', currency: c, currencyDisplay: d }, x), 'currency');
    currencies[c] = {
      digits: nf({ style: 'currency', currency: c }).resolvedOptions().maximumFractionDigits,
      symbol: cur('symbol', 1), narrow: cur('narrowSymbol', 1),
      one: cur('name', 1) === cur('name', 2) ? undefined : cur('name', 1), other: cur('name', 2),
    };
    if (currencies[c].one === undefined) delete currencies[c].one;
  }
  const patterns = {
    currency: shape({ style: 'currency', currency: 'USD' }, 1), currencyNegative: shape({ style: 'currency', currency: 'USD' }, -1),
    currencyCode: shape({ style: 'currency', currency: 'USD', currencyDisplay: 'code' }, 1),
    currencyName: shape({ style: 'currency', currency: 'USD', currencyDisplay: 'name' }, 2),
    accountingNegative: shape({ style: 'currency', currency: 'USD', currencySign: 'accounting' }, -1),
    percent: shape({ style: 'percent' }, 0.01), percentNegative: shape({ style: 'percent' }, -0.01),
  };
  const compact = { short: [], long: [] };
  for (const d of ['short', 'long']) {
    for (let e = 3; e <= 14; e++) {
      const s = partsOf({ notation: 'compact', compactDisplay: d }, 10 ** e);
      compact[d].push(s.map((q) => (q.type === 'integer' ? '0'.repeat(q.value.length) : q.type === 'compact' ? '{' + q.value + '}' : q.value)).join(''));
    }
  }
  compact.currency = shape({ style: 'currency', currency: 'USD', notation: 'compact' }, 2000);
  const units = {};
  for (const u of ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte', 'petabyte', 'bit', 'kilobit', 'megabit', 'gigabit', 'millisecond', 'microsecond', 'nanosecond', 'second', 'minute', 'hour', 'day', 'week', 'month', 'year',
    'millimeter', 'centimeter', 'meter', 'kilometer', 'inch', 'foot', 'mile', 'gram', 'kilogram', 'pound', 'ounce', 'liter', 'milliliter', 'celsius', 'fahrenheit', 'percent', 'kilometer-per-hour', 'mile-per-hour', 'meter-per-second', 'degree', 'acre', 'hectare']) {
    units[u] = {};
    for (const d of ['short', 'long', 'narrow']) {
      const f = (x) => nf({ style: 'unit', unit: u, unitDisplay: d }).formatToParts(x).map((q) => (['integer', 'group', 'decimal', 'fraction'].includes(q.type) ? '#' : q.value)).join('').replace(/#+/g, '{0}');
      const one = f(1), other = f(2);
      units[u][d] = one === other ? [other] : [other, one];
    }
  }
  const list = {};
  for (const type of ['conjunction', 'disjunction', 'unit']) for (const style of ['long', 'short', 'narrow']) {
    const lf = new Intl.ListFormat(loc, { type, style });
    // start, middle, end from 4 items; pair from 2.
    const four = lf.format(['{0}', '{1}', '{2}', '{3}']);
    const two = lf.format(['{0}', '{1}']);
    list[type + '-' + style] = { pair: two, four };
  }
  const relative = {};
  for (const style of ['long', 'short', 'narrow']) {
    const rf = new Intl.RelativeTimeFormat(loc, { style });
    const ra = new Intl.RelativeTimeFormat(loc, { style, numeric: 'auto' });
    for (const u of ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year']) {
      const pat = (x) => rf.formatToParts(x, u).map((q) => (q.type === 'literal' ? q.value : '#')).join('').replace(/#+/g, '{0}');
      const auto = {};
      for (const x of [-2, -1, 0, 1, 2]) {
        const s = ra.format(x, u);
        if (!/\d/.test(s)) auto[x] = s;
      }
      relative[style + '-' + u] = { future: [pat(2), pat(1)], past: [pat(-2), pat(-1)], auto };
    }
  }
  return { symbols, patterns, currencies, compact, units, list, relative };
}

// The pattern tables are strings of "\nkey\tpattern" lines, looked up with indexOf: a
// run that formats a date makes one string, not two thousand properties.
const table = (o) => '\n' + Object.keys(o).map((k) => k + '\t' + o[k]).join('\n') + '\n';
const data = { timeZones: '\n' + Intl.supportedValuesOf('timeZone').join('\n') + '\n' };
for (const loc of LOCALES) {
  const n = names(loc);
  data[loc] = { names: n, dates: table(dates(loc, n)), times: table(times(loc, n)), styles: styles(loc, n), defaults: defaults(loc), zones: zoneNames(loc), numbers: numbers(loc) };
}
process.stdout.write('// Generated by sim/internal/intl/gen.js from Node ' + process.version + "'s ICU " + process.versions.icu + ' (CLDR ' + process.versions.cldr + ' data): do not edit.\n' +
  '// The locale data sim/js/intl.js formats with.\n(function () {\n  return ' + JSON.stringify(data) + ';\n})\n');
