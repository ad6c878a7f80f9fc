/**
 * The Windows-style time zones of the Set timezone dialog (spec 1, sections 2 and 3): id, offset,
 * Windows zone name, label; the value sent is '{name}#{windowsZone}'. Ordered as Windows lists
 * them (by offset, then label), which puts "W. Europe Standard Time" at the spec's default index.
 * Kept here because shared/domain has no time-zone table yet (see the report).
 */

export interface TimeZoneEntry {
  id: number;
  /** Standard offset from UTC in minutes. */
  offset: number;
  /** IANA name. */
  name: string;
  windowsZone: string;
  label: string;
}

/** Spec 2: the dialog preselects entry index 48. */
export const DEFAULT_TIME_ZONE_INDEX = 48;

// [offset minutes, IANA name, Windows zone, label]
const RAW: readonly (readonly [number, string, string, string])[] = [
  [-720, 'Etc/GMT+12', 'Dateline Standard Time', 'International Date Line West'],
  [-660, 'Etc/GMT+11', 'UTC-11', 'Coordinated Universal Time-11'],
  [-600, 'America/Adak', 'Aleutian Standard Time', 'Aleutian Islands'],
  [-600, 'Pacific/Honolulu', 'Hawaiian Standard Time', 'Hawaii'],
  [-570, 'Pacific/Marquesas', 'Marquesas Standard Time', 'Marquesas Islands'],
  [-540, 'America/Anchorage', 'Alaskan Standard Time', 'Alaska'],
  [-540, 'Etc/GMT+9', 'UTC-09', 'Coordinated Universal Time-09'],
  [-480, 'America/Tijuana', 'Pacific Standard Time (Mexico)', 'Baja California'],
  [-480, 'Etc/GMT+8', 'UTC-08', 'Coordinated Universal Time-08'],
  [-480, 'America/Los_Angeles', 'Pacific Standard Time', 'Pacific Time (US & Canada)'],
  [-420, 'America/Phoenix', 'US Mountain Standard Time', 'Arizona'],
  [-420, 'America/Chihuahua', 'Mountain Standard Time (Mexico)', 'Chihuahua, La Paz, Mazatlan'],
  [-420, 'America/Denver', 'Mountain Standard Time', 'Mountain Time (US & Canada)'],
  [-360, 'America/Guatemala', 'Central America Standard Time', 'Central America'],
  [-360, 'America/Chicago', 'Central Standard Time', 'Central Time (US & Canada)'],
  [-360, 'Pacific/Easter', 'Easter Island Standard Time', 'Easter Island'],
  [-360, 'America/Mexico_City', 'Central Standard Time (Mexico)', 'Guadalajara, Mexico City, Monterrey'],
  [-360, 'America/Regina', 'Canada Central Standard Time', 'Saskatchewan'],
  [-300, 'America/Bogota', 'SA Pacific Standard Time', 'Bogota, Lima, Quito, Rio Branco'],
  [-300, 'America/Cancun', 'Eastern Standard Time (Mexico)', 'Chetumal'],
  [-300, 'America/New_York', 'Eastern Standard Time', 'Eastern Time (US & Canada)'],
  [-300, 'America/Port-au-Prince', 'Haiti Standard Time', 'Haiti'],
  [-300, 'America/Havana', 'Cuba Standard Time', 'Havana'],
  [-300, 'America/Indiana/Indianapolis', 'US Eastern Standard Time', 'Indiana (East)'],
  [-300, 'America/Grand_Turk', 'Turks And Caicos Standard Time', 'Turks and Caicos'],
  [-240, 'America/Asuncion', 'Paraguay Standard Time', 'Asuncion'],
  [-240, 'America/Halifax', 'Atlantic Standard Time', 'Atlantic Time (Canada)'],
  [-240, 'America/Caracas', 'Venezuela Standard Time', 'Caracas'],
  [-240, 'America/Cuiaba', 'Central Brazilian Standard Time', 'Cuiaba'],
  [-240, 'America/La_Paz', 'SA Western Standard Time', 'Georgetown, La Paz, Manaus, San Juan'],
  [-240, 'America/Santiago', 'Pacific SA Standard Time', 'Santiago'],
  [-210, 'America/St_Johns', 'Newfoundland Standard Time', 'Newfoundland'],
  [-180, 'America/Araguaina', 'Tocantins Standard Time', 'Araguaina'],
  [-180, 'America/Sao_Paulo', 'E. South America Standard Time', 'Brasilia'],
  [-180, 'America/Cayenne', 'SA Eastern Standard Time', 'Cayenne, Fortaleza'],
  [-180, 'America/Argentina/Buenos_Aires', 'Argentina Standard Time', 'City of Buenos Aires'],
  [-180, 'America/Nuuk', 'Greenland Standard Time', 'Greenland'],
  [-180, 'America/Montevideo', 'Montevideo Standard Time', 'Montevideo'],
  [-180, 'America/Punta_Arenas', 'Magallanes Standard Time', 'Punta Arenas'],
  [-180, 'America/Miquelon', 'Saint Pierre Standard Time', 'Saint Pierre and Miquelon'],
  [-180, 'America/Bahia', 'Bahia Standard Time', 'Salvador'],
  [-120, 'Etc/GMT+2', 'UTC-02', 'Coordinated Universal Time-02'],
  [-60, 'Atlantic/Azores', 'Azores Standard Time', 'Azores'],
  [-60, 'Atlantic/Cape_Verde', 'Cape Verde Standard Time', 'Cabo Verde Is.'],
  [0, 'Etc/UTC', 'UTC', 'Coordinated Universal Time'],
  [0, 'Europe/London', 'GMT Standard Time', 'Dublin, Edinburgh, Lisbon, London'],
  [0, 'Atlantic/Reykjavik', 'Greenwich Standard Time', 'Monrovia, Reykjavik'],
  [0, 'Africa/Sao_Tome', 'Sao Tome Standard Time', 'Sao Tome'],
  [60, 'Europe/Berlin', 'W. Europe Standard Time', 'Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna'],
  [60, 'Europe/Budapest', 'Central Europe Standard Time', 'Belgrade, Bratislava, Budapest, Ljubljana, Prague'],
  [60, 'Europe/Paris', 'Romance Standard Time', 'Brussels, Copenhagen, Madrid, Paris'],
  [60, 'Africa/Casablanca', 'Morocco Standard Time', 'Casablanca'],
  [60, 'Europe/Warsaw', 'Central European Standard Time', 'Sarajevo, Skopje, Warsaw, Zagreb'],
  [60, 'Africa/Lagos', 'W. Central Africa Standard Time', 'West Central Africa'],
  [120, 'Asia/Amman', 'Jordan Standard Time', 'Amman'],
  [120, 'Europe/Bucharest', 'GTB Standard Time', 'Athens, Bucharest'],
  [120, 'Asia/Beirut', 'Middle East Standard Time', 'Beirut'],
  [120, 'Africa/Cairo', 'Egypt Standard Time', 'Cairo'],
  [120, 'Europe/Chisinau', 'E. Europe Standard Time', 'Chisinau'],
  [120, 'Asia/Damascus', 'Syria Standard Time', 'Damascus'],
  [120, 'Asia/Hebron', 'West Bank Standard Time', 'Gaza, Hebron'],
  [120, 'Africa/Johannesburg', 'South Africa Standard Time', 'Harare, Pretoria'],
  [120, 'Europe/Helsinki', 'FLE Standard Time', 'Helsinki, Kyiv, Riga, Sofia, Tallinn, Vilnius'],
  [120, 'Asia/Jerusalem', 'Israel Standard Time', 'Jerusalem'],
  [120, 'Africa/Juba', 'South Sudan Standard Time', 'Juba'],
  [120, 'Europe/Kaliningrad', 'Kaliningrad Standard Time', 'Kaliningrad'],
  [120, 'Africa/Khartoum', 'Sudan Standard Time', 'Khartoum'],
  [120, 'Africa/Tripoli', 'Libya Standard Time', 'Tripoli'],
  [120, 'Africa/Windhoek', 'Namibia Standard Time', 'Windhoek'],
  [180, 'Asia/Baghdad', 'Arabic Standard Time', 'Baghdad'],
  [180, 'Europe/Istanbul', 'Turkey Standard Time', 'Istanbul'],
  [180, 'Asia/Riyadh', 'Arab Standard Time', 'Kuwait, Riyadh'],
  [180, 'Europe/Minsk', 'Belarus Standard Time', 'Minsk'],
  [180, 'Europe/Moscow', 'Russian Standard Time', 'Moscow, St. Petersburg'],
  [180, 'Africa/Nairobi', 'E. Africa Standard Time', 'Nairobi'],
  [180, 'Europe/Volgograd', 'Volgograd Standard Time', 'Volgograd'],
  [210, 'Asia/Tehran', 'Iran Standard Time', 'Tehran'],
  [240, 'Asia/Dubai', 'Arabian Standard Time', 'Abu Dhabi, Muscat'],
  [240, 'Europe/Astrakhan', 'Astrakhan Standard Time', 'Astrakhan, Ulyanovsk'],
  [240, 'Asia/Baku', 'Azerbaijan Standard Time', 'Baku'],
  [240, 'Europe/Samara', 'Russia Time Zone 3', 'Izhevsk, Samara'],
  [240, 'Indian/Mauritius', 'Mauritius Standard Time', 'Port Louis'],
  [240, 'Europe/Saratov', 'Saratov Standard Time', 'Saratov'],
  [240, 'Asia/Tbilisi', 'Georgian Standard Time', 'Tbilisi'],
  [240, 'Asia/Yerevan', 'Caucasus Standard Time', 'Yerevan'],
  [270, 'Asia/Kabul', 'Afghanistan Standard Time', 'Kabul'],
  [300, 'Asia/Tashkent', 'West Asia Standard Time', 'Ashgabat, Tashkent'],
  [300, 'Asia/Qyzylorda', 'Qyzylorda Standard Time', 'Astana'],
  [300, 'Asia/Yekaterinburg', 'Ekaterinburg Standard Time', 'Ekaterinburg'],
  [300, 'Asia/Karachi', 'Pakistan Standard Time', 'Islamabad, Karachi'],
  [330, 'Asia/Kolkata', 'India Standard Time', 'Chennai, Kolkata, Mumbai, New Delhi'],
  [330, 'Asia/Colombo', 'Sri Lanka Standard Time', 'Sri Jayawardenepura'],
  [345, 'Asia/Kathmandu', 'Nepal Standard Time', 'Kathmandu'],
  [360, 'Asia/Almaty', 'Central Asia Standard Time', 'Bishkek'],
  [360, 'Asia/Dhaka', 'Bangladesh Standard Time', 'Dhaka'],
  [360, 'Asia/Omsk', 'Omsk Standard Time', 'Omsk'],
  [390, 'Asia/Yangon', 'Myanmar Standard Time', 'Yangon (Rangoon)'],
  [420, 'Asia/Bangkok', 'SE Asia Standard Time', 'Bangkok, Hanoi, Jakarta'],
  [420, 'Asia/Barnaul', 'Altai Standard Time', 'Barnaul, Gorno-Altaysk'],
  [420, 'Asia/Hovd', 'W. Mongolia Standard Time', 'Hovd'],
  [420, 'Asia/Krasnoyarsk', 'North Asia Standard Time', 'Krasnoyarsk'],
  [420, 'Asia/Novosibirsk', 'N. Central Asia Standard Time', 'Novosibirsk'],
  [420, 'Asia/Tomsk', 'Tomsk Standard Time', 'Tomsk'],
  [480, 'Asia/Shanghai', 'China Standard Time', 'Beijing, Chongqing, Hong Kong, Urumqi'],
  [480, 'Asia/Irkutsk', 'North Asia East Standard Time', 'Irkutsk'],
  [480, 'Asia/Singapore', 'Singapore Standard Time', 'Kuala Lumpur, Singapore'],
  [480, 'Australia/Perth', 'W. Australia Standard Time', 'Perth'],
  [480, 'Asia/Taipei', 'Taipei Standard Time', 'Taipei'],
  [480, 'Asia/Ulaanbaatar', 'Ulaanbaatar Standard Time', 'Ulaanbaatar'],
  [525, 'Australia/Eucla', 'Aus Central W. Standard Time', 'Eucla'],
  [540, 'Asia/Chita', 'Transbaikal Standard Time', 'Chita'],
  [540, 'Asia/Tokyo', 'Tokyo Standard Time', 'Osaka, Sapporo, Tokyo'],
  [540, 'Asia/Pyongyang', 'North Korea Standard Time', 'Pyongyang'],
  [540, 'Asia/Seoul', 'Korea Standard Time', 'Seoul'],
  [540, 'Asia/Yakutsk', 'Yakutsk Standard Time', 'Yakutsk'],
  [570, 'Australia/Adelaide', 'Cen. Australia Standard Time', 'Adelaide'],
  [570, 'Australia/Darwin', 'AUS Central Standard Time', 'Darwin'],
  [600, 'Australia/Brisbane', 'E. Australia Standard Time', 'Brisbane'],
  [600, 'Australia/Sydney', 'AUS Eastern Standard Time', 'Canberra, Melbourne, Sydney'],
  [600, 'Pacific/Port_Moresby', 'West Pacific Standard Time', 'Guam, Port Moresby'],
  [600, 'Australia/Hobart', 'Tasmania Standard Time', 'Hobart'],
  [600, 'Asia/Vladivostok', 'Vladivostok Standard Time', 'Vladivostok'],
  [630, 'Australia/Lord_Howe', 'Lord Howe Standard Time', 'Lord Howe Island'],
  [660, 'Pacific/Bougainville', 'Bougainville Standard Time', 'Bougainville Island'],
  [660, 'Asia/Srednekolymsk', 'Russia Time Zone 10', 'Chokurdakh'],
  [660, 'Asia/Magadan', 'Magadan Standard Time', 'Magadan'],
  [660, 'Pacific/Norfolk', 'Norfolk Standard Time', 'Norfolk Island'],
  [660, 'Asia/Sakhalin', 'Sakhalin Standard Time', 'Sakhalin'],
  [660, 'Pacific/Guadalcanal', 'Central Pacific Standard Time', 'Solomon Is., New Caledonia'],
  [720, 'Asia/Kamchatka', 'Russia Time Zone 11', 'Anadyr, Petropavlovsk-Kamchatsky'],
  [720, 'Pacific/Auckland', 'New Zealand Standard Time', 'Auckland, Wellington'],
  [720, 'Etc/GMT-12', 'UTC+12', 'Coordinated Universal Time+12'],
  [720, 'Pacific/Fiji', 'Fiji Standard Time', 'Fiji'],
  [765, 'Pacific/Chatham', 'Chatham Islands Standard Time', 'Chatham Islands'],
  [780, 'Etc/GMT-13', 'UTC+13', 'Coordinated Universal Time+13'],
  [780, 'Pacific/Tongatapu', 'Tonga Standard Time', "Nuku'alofa"],
  [780, 'Pacific/Apia', 'Samoa Standard Time', 'Samoa'],
  [840, 'Pacific/Kiritimati', 'Line Islands Standard Time', 'Kiritimati Island'],
];

const pad = (n: number) => String(n).padStart(2, '0');

/** '(UTC+05:30)', '(UTC)' for zero, as Windows labels them. */
export function offsetLabel(minutes: number): string {
  if (minutes === 0) return '(UTC)';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `(UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)})`;
}

export const TIME_ZONES: readonly TimeZoneEntry[] = RAW.map(([offset, name, windowsZone, place], id) => ({
  id,
  offset,
  name,
  windowsZone,
  label: `${offsetLabel(offset)} ${place}`,
}));

/** The value the microservice expects: '{name}#{windowsZone}'. */
export const timeZoneValue = (zone: TimeZoneEntry): string => `${zone.name}#${zone.windowsZone}`;
