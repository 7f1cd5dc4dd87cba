import {
  countryName,
  DEFAULT_PHONE_COUNTRY,
  type Locale,
  PREFERRED_PHONE_COUNTRIES,
} from "@atelier/contract";

/**
 * Countries of the phone input (spec §2, about 240): ISO 3166-1 alpha-2 code and international dial code.
 * German and Russian names come from Intl.DisplayNames at runtime, which keeps this file small.
 */
const DATA =
  "af93 ax358 al355 dz213 as1684 ad376 ao244 ai1264 ag1268 ar54 am374 aw297 au61 at43 az994 bs1242 bh973 " +
  "bd880 bb1246 by375 be32 bz501 bj229 bm1441 bt975 bo591 ba387 bw267 br55 io246 vg1284 bn673 bg359 bf226 " +
  "bi257 kh855 cm237 ca1 cv238 bq599 ky1345 cf236 td235 cl56 cn86 cx61 cc61 co57 km269 cd243 cg242 ck682 " +
  "cr506 ci225 hr385 cu53 cw599 cy357 cz420 dk45 dj253 dm1767 do1 ec593 eg20 sv503 gq240 er291 ee372 sz268 " +
  "et251 fk500 fo298 fj679 fi358 fr33 gf594 pf689 ga241 gm220 ge995 de49 gh233 gi350 gr30 gl299 gd1473 " +
  "gp590 gu1671 gt502 gg44 gn224 gw245 gy592 ht509 hn504 hk852 hu36 is354 in91 id62 ir98 iq964 ie353 im44 " +
  "il972 it39 jm1876 jp81 je44 jo962 kz7 ke254 ki686 xk383 kw965 kg996 la856 lv371 lb961 ls266 lr231 ly218 " +
  "li423 lt370 lu352 mo853 mg261 mw265 my60 mv960 ml223 mt356 mh692 mq596 mr222 mu230 yt262 mx52 fm691 " +
  "md373 mc377 mn976 me382 ms1664 ma212 mz258 mm95 na264 nr674 np977 nl31 nc687 nz64 ni505 ne227 ng234 " +
  "nu683 nf672 kp850 mk389 mp1670 no47 om968 pk92 pw680 ps970 pa507 pg675 py595 pe51 ph63 pl48 pt351 pr1 " +
  "qa974 re262 ro40 ru7 rw250 bl590 sh290 kn1869 lc1758 mf590 pm508 vc1784 ws685 sm378 st239 sa966 sn221 " +
  "rs381 sc248 sl232 sg65 sx1721 sk421 si386 sb677 so252 za27 kr82 ss211 es34 lk94 sd249 sr597 sj47 se46 " +
  "ch41 sy963 tw886 tj992 tz255 th66 tl670 tg228 tk690 to676 tt1868 tn216 tr90 tm993 tc1649 tv688 ug256 " +
  "ua380 ae971 gb44 us1 uy598 uz998 vu678 va39 ve58 vn84 vi1340 wf681 eh212 ye967 zm260 zw263";

export type PhoneCountry = { iso: string; dial: string };

export const PHONE_COUNTRIES: readonly PhoneCountry[] = DATA.split(" ").map((entry) => ({
  iso: entry.slice(0, 2),
  dial: entry.slice(2),
}));

// Where several countries share a dial code, a number typed with that code means this one.
const MAIN_COUNTRY_BY_DIAL: Record<string, string> = {
  "1": "us",
  "7": "ru",
  "39": "it",
  "44": "gb",
  "47": "no",
  "61": "au",
  "212": "ma",
  "262": "re",
  "358": "fi",
  "500": "fk",
  "590": "gp",
  "599": "cw",
  "672": "nf",
};

export function findCountry(iso: string): PhoneCountry | undefined {
  return PHONE_COUNTRIES.find((country) => country.iso === iso);
}

export const DEFAULT_COUNTRY = findCountry(DEFAULT_PHONE_COUNTRY) as PhoneCountry;

/** The flag emoji of an ISO code (two regional indicator symbols). */
export function flagEmoji(iso: string): string {
  return String.fromCodePoint(...[...iso.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

export type CountryOption = PhoneCountry & { name: string; preferred: boolean };

/** Spec §2: the preferred countries (us, gb, de, fr, in) first, then all countries by name. */
export function countryOptions(locale: Locale): CountryOption[] {
  const preferred: CountryOption[] = PREFERRED_PHONE_COUNTRIES.flatMap((iso) => {
    const country = findCountry(iso);
    return country ? [{ ...country, name: countryName(iso, locale), preferred: true }] : [];
  });
  const collator = new Intl.Collator(locale);
  const rest = PHONE_COUNTRIES.map((country) => ({
    ...country,
    name: countryName(country.iso, locale),
    preferred: false,
  })).sort((a, b) => collator.compare(a.name, b.name));
  return [...preferred, ...rest];
}

/**
 * Type-to-find (spec §2): the index of the first option after `from` whose name (or, for digits, dial
 * code) starts with the typed text, wrapping around; -1 when none does.
 */
export function findOptionIndex(options: readonly CountryOption[], typed: string, from = -1): number {
  const query = typed.trim().toLocaleLowerCase();
  if (!query) return -1;
  const digits = query.replace(/^\+/, "");
  const matches = (option: CountryOption) =>
    /^\d+$/.test(digits) ? option.dial.startsWith(digits) : option.name.toLocaleLowerCase().startsWith(query);
  for (let step = 1; step <= options.length; step++) {
    const index = (from + step) % options.length;
    const option = options[index];
    if (option && matches(option)) return index;
  }
  return -1;
}

/** The country a typed number belongs to: the current one while it still fits, else the longest code. */
export function countryForNumber(value: string, current: PhoneCountry): PhoneCountry {
  const digits = value.replace(/^\+/, "");
  if (digits.startsWith(current.dial)) return current;
  for (let length = Math.min(4, digits.length); length >= 1; length--) {
    const dial = digits.slice(0, length);
    const main = MAIN_COUNTRY_BY_DIAL[dial];
    const country = (main && findCountry(main)) || PHONE_COUNTRIES.find((c) => c.dial === dial);
    if (country) return country;
  }
  return current;
}

/** The number with the old country's dial code swapped for the new one's (just `+dial` if none). */
export function switchDialCode(value: string, from: PhoneCountry, to: PhoneCountry): string {
  const digits = value.replace(/^\+/, "");
  const rest = digits.startsWith(from.dial) ? digits.slice(from.dial.length) : "";
  return `+${to.dial}${rest}`;
}

/**
 * Reply of the IP-to-country service (spec §2): `1;DE;DEU;Germany` means DE; anything else (a reply not
 * starting with 1, an unknown code) is null.
 */
export function parseIpCountryReply(reply: string): PhoneCountry | null {
  const [status, iso] = reply.trim().split(";");
  if (status !== "1" || !iso || !/^[A-Za-z]{2}$/.test(iso)) return null;
  return findCountry(iso.toLowerCase()) ?? null;
}
