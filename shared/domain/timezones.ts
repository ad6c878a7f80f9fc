/**
 * The time zones the Set timezone dialog offers: Windows-style zones (as IoTconnectors run
 * Windows) in Windows' display order, by offset. The list is that of Windows 10 of the product's
 * time (1809) without the "- Old" zones, so entry 48 is 'W. Europe Standard Time', the default.
 *
 * `name` is the zone's IANA id from CLDR's windowsZones mapping (territory 001), so the agent can
 * set either; the value sent to the microservice is `${name}#${windowsZone}`.
 */

export interface TimeZone {
  /** Position in the list (stable; the default is {@link DEFAULT_TIMEZONE_INDEX}). */
  id: number;
  /** IANA id (CLDR's canonical mapping of the Windows zone). */
  name: string;
  /** Standard-time offset from UTC in hours (e.g. -5, 5.5, 5.75). */
  offset: number;
  /** Windows zone id, e.g. 'W. Europe Standard Time'. */
  windowsZone: string;
  /** Windows' display label, e.g. '(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna'. */
  label: string;
}

type Row = [offset: number, windowsZone: string, name: string, places: string];

const ROWS: readonly Row[] = [
  [-12, 'Dateline Standard Time', 'Etc/GMT+12', 'International Date Line West'],
  [-11, 'UTC-11', 'Etc/GMT+11', 'Coordinated Universal Time-11'],
  [-10, 'Aleutian Standard Time', 'America/Adak', 'Aleutian Islands'],
  [-10, 'Hawaiian Standard Time', 'Pacific/Honolulu', 'Hawaii'],
  [-9.5, 'Marquesas Standard Time', 'Pacific/Marquesas', 'Marquesas Islands'],
  [-9, 'Alaskan Standard Time', 'America/Anchorage', 'Alaska'],
  [-9, 'UTC-09', 'Etc/GMT+9', 'Coordinated Universal Time-09'],
  [-8, 'Pacific Standard Time (Mexico)', 'America/Tijuana', 'Baja California'],
  [-8, 'UTC-08', 'Etc/GMT+8', 'Coordinated Universal Time-08'],
  [-8, 'Pacific Standard Time', 'America/Los_Angeles', 'Pacific Time (US & Canada)'],
  [-7, 'US Mountain Standard Time', 'America/Phoenix', 'Arizona'],
  [-7, 'Mountain Standard Time (Mexico)', 'America/Chihuahua', 'Chihuahua, La Paz, Mazatlan'],
  [-7, 'Mountain Standard Time', 'America/Denver', 'Mountain Time (US & Canada)'],
  [-6, 'Central America Standard Time', 'America/Guatemala', 'Central America'],
  [-6, 'Central Standard Time', 'America/Chicago', 'Central Time (US & Canada)'],
  [-6, 'Easter Island Standard Time', 'Pacific/Easter', 'Easter Island'],
  [-6, 'Central Standard Time (Mexico)', 'America/Mexico_City', 'Guadalajara, Mexico City, Monterrey'],
  [-6, 'Canada Central Standard Time', 'America/Regina', 'Saskatchewan'],
  [-5, 'SA Pacific Standard Time', 'America/Bogota', 'Bogota, Lima, Quito, Rio Branco'],
  [-5, 'Eastern Standard Time (Mexico)', 'America/Cancun', 'Chetumal'],
  [-5, 'Eastern Standard Time', 'America/New_York', 'Eastern Time (US & Canada)'],
  [-5, 'Haiti Standard Time', 'America/Port-au-Prince', 'Haiti'],
  [-5, 'Cuba Standard Time', 'America/Havana', 'Havana'],
  [-5, 'US Eastern Standard Time', 'America/Indianapolis', 'Indiana (East)'],
  [-5, 'Turks And Caicos Standard Time', 'America/Grand_Turk', 'Turks and Caicos'],
  [-4, 'Paraguay Standard Time', 'America/Asuncion', 'Asuncion'],
  [-4, 'Atlantic Standard Time', 'America/Halifax', 'Atlantic Time (Canada)'],
  [-4, 'Venezuela Standard Time', 'America/Caracas', 'Caracas'],
  [-4, 'Central Brazilian Standard Time', 'America/Cuiaba', 'Cuiaba'],
  [-4, 'SA Western Standard Time', 'America/La_Paz', 'Georgetown, La Paz, Manaus, San Juan'],
  [-4, 'Pacific SA Standard Time', 'America/Santiago', 'Santiago'],
  [-3.5, 'Newfoundland Standard Time', 'America/St_Johns', 'Newfoundland'],
  [-3, 'Tocantins Standard Time', 'America/Araguaina', 'Araguaina'],
  [-3, 'E. South America Standard Time', 'America/Sao_Paulo', 'Brasilia'],
  [-3, 'SA Eastern Standard Time', 'America/Cayenne', 'Cayenne, Fortaleza'],
  [-3, 'Argentina Standard Time', 'America/Buenos_Aires', 'City of Buenos Aires'],
  [-3, 'Greenland Standard Time', 'America/Godthab', 'Greenland'],
  [-3, 'Montevideo Standard Time', 'America/Montevideo', 'Montevideo'],
  [-3, 'Magallanes Standard Time', 'America/Punta_Arenas', 'Punta Arenas'],
  [-3, 'Saint Pierre Standard Time', 'America/Miquelon', 'Saint Pierre and Miquelon'],
  [-3, 'Bahia Standard Time', 'America/Bahia', 'Salvador'],
  [-2, 'UTC-02', 'Etc/GMT+2', 'Coordinated Universal Time-02'],
  [-1, 'Azores Standard Time', 'Atlantic/Azores', 'Azores'],
  [-1, 'Cape Verde Standard Time', 'Atlantic/Cape_Verde', 'Cabo Verde Is.'],
  [0, 'UTC', 'Etc/UTC', 'Coordinated Universal Time'],
  [0, 'GMT Standard Time', 'Europe/London', 'Dublin, Edinburgh, Lisbon, London'],
  [0, 'Greenwich Standard Time', 'Atlantic/Reykjavik', 'Monrovia, Reykjavik'],
  [0, 'Sao Tome Standard Time', 'Africa/Sao_Tome', 'Sao Tome'],
  [1, 'W. Europe Standard Time', 'Europe/Berlin', 'Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna'],
  [1, 'Central Europe Standard Time', 'Europe/Budapest', 'Belgrade, Bratislava, Budapest, Ljubljana, Prague'],
  [1, 'Romance Standard Time', 'Europe/Paris', 'Brussels, Copenhagen, Madrid, Paris'],
  [1, 'Morocco Standard Time', 'Africa/Casablanca', 'Casablanca'],
  [1, 'Central European Standard Time', 'Europe/Warsaw', 'Sarajevo, Skopje, Warsaw, Zagreb'],
  [1, 'W. Central Africa Standard Time', 'Africa/Lagos', 'West Central Africa'],
  [2, 'Jordan Standard Time', 'Asia/Amman', 'Amman'],
  [2, 'GTB Standard Time', 'Europe/Bucharest', 'Athens, Bucharest'],
  [2, 'Middle East Standard Time', 'Asia/Beirut', 'Beirut'],
  [2, 'Egypt Standard Time', 'Africa/Cairo', 'Cairo'],
  [2, 'E. Europe Standard Time', 'Europe/Chisinau', 'Chisinau'],
  [2, 'Syria Standard Time', 'Asia/Damascus', 'Damascus'],
  [2, 'West Bank Standard Time', 'Asia/Hebron', 'Gaza, Hebron'],
  [2, 'South Africa Standard Time', 'Africa/Johannesburg', 'Harare, Pretoria'],
  [2, 'FLE Standard Time', 'Europe/Kiev', 'Helsinki, Kyiv, Riga, Sofia, Tallinn, Vilnius'],
  [2, 'Israel Standard Time', 'Asia/Jerusalem', 'Jerusalem'],
  [2, 'Kaliningrad Standard Time', 'Europe/Kaliningrad', 'Kaliningrad'],
  [2, 'Sudan Standard Time', 'Africa/Khartoum', 'Khartoum'],
  [2, 'Libya Standard Time', 'Africa/Tripoli', 'Tripoli'],
  [2, 'Namibia Standard Time', 'Africa/Windhoek', 'Windhoek'],
  [3, 'Arabic Standard Time', 'Asia/Baghdad', 'Baghdad'],
  [3, 'Turkey Standard Time', 'Europe/Istanbul', 'Istanbul'],
  [3, 'Arab Standard Time', 'Asia/Riyadh', 'Kuwait, Riyadh'],
  [3, 'Belarus Standard Time', 'Europe/Minsk', 'Minsk'],
  [3, 'Russian Standard Time', 'Europe/Moscow', 'Moscow, St. Petersburg'],
  [3, 'E. Africa Standard Time', 'Africa/Nairobi', 'Nairobi'],
  [3, 'Volgograd Standard Time', 'Europe/Volgograd', 'Volgograd'],
  [3.5, 'Iran Standard Time', 'Asia/Tehran', 'Tehran'],
  [4, 'Arabian Standard Time', 'Asia/Dubai', 'Abu Dhabi, Muscat'],
  [4, 'Astrakhan Standard Time', 'Europe/Astrakhan', 'Astrakhan, Ulyanovsk'],
  [4, 'Azerbaijan Standard Time', 'Asia/Baku', 'Baku'],
  [4, 'Russia Time Zone 3', 'Europe/Samara', 'Izhevsk, Samara'],
  [4, 'Mauritius Standard Time', 'Indian/Mauritius', 'Port Louis'],
  [4, 'Saratov Standard Time', 'Europe/Saratov', 'Saratov'],
  [4, 'Georgian Standard Time', 'Asia/Tbilisi', 'Tbilisi'],
  [4, 'Caucasus Standard Time', 'Asia/Yerevan', 'Yerevan'],
  [4.5, 'Afghanistan Standard Time', 'Asia/Kabul', 'Kabul'],
  [5, 'West Asia Standard Time', 'Asia/Tashkent', 'Ashgabat, Tashkent'],
  [5, 'Ekaterinburg Standard Time', 'Asia/Yekaterinburg', 'Ekaterinburg'],
  [5, 'Pakistan Standard Time', 'Asia/Karachi', 'Islamabad, Karachi'],
  [5, 'Qyzylorda Standard Time', 'Asia/Qyzylorda', 'Qyzylorda'],
  [5.5, 'India Standard Time', 'Asia/Calcutta', 'Chennai, Kolkata, Mumbai, New Delhi'],
  [5.5, 'Sri Lanka Standard Time', 'Asia/Colombo', 'Sri Jayawardenepura'],
  [5.75, 'Nepal Standard Time', 'Asia/Katmandu', 'Kathmandu'],
  [6, 'Central Asia Standard Time', 'Asia/Almaty', 'Astana'],
  [6, 'Bangladesh Standard Time', 'Asia/Dhaka', 'Dhaka'],
  [6, 'Omsk Standard Time', 'Asia/Omsk', 'Omsk'],
  [6.5, 'Myanmar Standard Time', 'Asia/Rangoon', 'Yangon (Rangoon)'],
  [7, 'SE Asia Standard Time', 'Asia/Bangkok', 'Bangkok, Hanoi, Jakarta'],
  [7, 'Altai Standard Time', 'Asia/Barnaul', 'Barnaul, Gorno-Altaysk'],
  [7, 'W. Mongolia Standard Time', 'Asia/Hovd', 'Hovd'],
  [7, 'North Asia Standard Time', 'Asia/Krasnoyarsk', 'Krasnoyarsk'],
  [7, 'N. Central Asia Standard Time', 'Asia/Novosibirsk', 'Novosibirsk'],
  [7, 'Tomsk Standard Time', 'Asia/Tomsk', 'Tomsk'],
  [8, 'China Standard Time', 'Asia/Shanghai', 'Beijing, Chongqing, Hong Kong, Urumqi'],
  [8, 'North Asia East Standard Time', 'Asia/Irkutsk', 'Irkutsk'],
  [8, 'Singapore Standard Time', 'Asia/Singapore', 'Kuala Lumpur, Singapore'],
  [8, 'W. Australia Standard Time', 'Australia/Perth', 'Perth'],
  [8, 'Taipei Standard Time', 'Asia/Taipei', 'Taipei'],
  [8, 'Ulaanbaatar Standard Time', 'Asia/Ulaanbaatar', 'Ulaanbaatar'],
  [8.75, 'Aus Central W. Standard Time', 'Australia/Eucla', 'Eucla'],
  [9, 'Transbaikal Standard Time', 'Asia/Chita', 'Chita'],
  [9, 'Tokyo Standard Time', 'Asia/Tokyo', 'Osaka, Sapporo, Tokyo'],
  [9, 'North Korea Standard Time', 'Asia/Pyongyang', 'Pyongyang'],
  [9, 'Korea Standard Time', 'Asia/Seoul', 'Seoul'],
  [9, 'Yakutsk Standard Time', 'Asia/Yakutsk', 'Yakutsk'],
  [9.5, 'Cen. Australia Standard Time', 'Australia/Adelaide', 'Adelaide'],
  [9.5, 'AUS Central Standard Time', 'Australia/Darwin', 'Darwin'],
  [10, 'E. Australia Standard Time', 'Australia/Brisbane', 'Brisbane'],
  [10, 'AUS Eastern Standard Time', 'Australia/Sydney', 'Canberra, Melbourne, Sydney'],
  [10, 'West Pacific Standard Time', 'Pacific/Port_Moresby', 'Guam, Port Moresby'],
  [10, 'Tasmania Standard Time', 'Australia/Hobart', 'Hobart'],
  [10, 'Vladivostok Standard Time', 'Asia/Vladivostok', 'Vladivostok'],
  [10.5, 'Lord Howe Standard Time', 'Australia/Lord_Howe', 'Lord Howe Island'],
  [11, 'Bougainville Standard Time', 'Pacific/Bougainville', 'Bougainville Island'],
  [11, 'Russia Time Zone 10', 'Asia/Srednekolymsk', 'Chokurdakh'],
  [11, 'Magadan Standard Time', 'Asia/Magadan', 'Magadan'],
  [11, 'Norfolk Standard Time', 'Pacific/Norfolk', 'Norfolk Island'],
  [11, 'Sakhalin Standard Time', 'Asia/Sakhalin', 'Sakhalin'],
  [11, 'Central Pacific Standard Time', 'Pacific/Guadalcanal', 'Solomon Is., New Caledonia'],
  [12, 'Russia Time Zone 11', 'Asia/Kamchatka', 'Anadyr, Petropavlovsk-Kamchatsky'],
  [12, 'New Zealand Standard Time', 'Pacific/Auckland', 'Auckland, Wellington'],
  [12, 'UTC+12', 'Etc/GMT-12', 'Coordinated Universal Time+12'],
  [12, 'Fiji Standard Time', 'Pacific/Fiji', 'Fiji'],
  [12.75, 'Chatham Islands Standard Time', 'Pacific/Chatham', 'Chatham Islands'],
  [13, 'UTC+13', 'Etc/GMT-13', 'Coordinated Universal Time+13'],
  [13, 'Tonga Standard Time', 'Pacific/Tongatapu', "Nuku'alofa"],
  [13, 'Samoa Standard Time', 'Pacific/Apia', 'Samoa'],
  [14, 'Line Islands Standard Time', 'Pacific/Kiritimati', 'Kiritimati Island'],
];

/** '(UTC+05:30)', '(UTC-03:30)', '(UTC)' for UTC itself (Windows' spelling). */
export function utcOffsetLabel(offset: number, windowsZone?: string): string {
  if (windowsZone === 'UTC') return '(UTC)';
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(offset) * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `(UTC${sign}${hh}:${mm})`;
}

/** The zones in display order. */
export const TIMEZONES: readonly TimeZone[] = ROWS.map(([offset, windowsZone, name, places], id) =>
  Object.freeze({ id, name, offset, windowsZone, label: `${utcOffsetLabel(offset, windowsZone)} ${places}` }),
);

/** The dialog's default selection (spec 1: entry index 48). */
export const DEFAULT_TIMEZONE_INDEX = 48;
export const DEFAULT_TIMEZONE: TimeZone = TIMEZONES[DEFAULT_TIMEZONE_INDEX];

/** Separator of the value's two parts. */
export const TIMEZONE_SEPARATOR = '#';

/** The value sent to the microservice and stored on the device: '{name}#{windowsZone}'. */
export const timezoneValue = (z: Pick<TimeZone, 'name' | 'windowsZone'>): string => `${z.name}${TIMEZONE_SEPARATOR}${z.windowsZone}`;

/** The zone of a stored value (by Windows zone, else by IANA name), undefined when unknown. */
export function findTimezone(value: string | null | undefined): TimeZone | undefined {
  if (!value) return undefined;
  const sep = value.lastIndexOf(TIMEZONE_SEPARATOR);
  const name = sep >= 0 ? value.slice(0, sep) : value;
  const windows = sep >= 0 ? value.slice(sep + 1) : value;
  return TIMEZONES.find((z) => z.windowsZone === windows) ?? TIMEZONES.find((z) => z.name === name);
}
