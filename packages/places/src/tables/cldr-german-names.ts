// Written by packages/places/scripts/generate-cldr-names.ts; do not edit.
// German names of the cities that name a time zone, from CLDR (cldr-dates-full@48.2.0,
// Unicode License v3), each among its place’s GeoNames spellings. Key: GeoNames id.
export const CLDR_GERMAN_NAMES: Readonly<Record<number, string>> = {
  53654: 'Mogadischu', // Mogadishu
  98182: 'Bagdad', // Baghdad
  108410: 'Riad', // Riyadh
  112931: 'Teheran', // Tehran
  146268: 'Nikosia', // Nicosia
  160263: 'Daressalam', // Dar es Salaam
  162183: 'Aşgabat', // Ashgabat
  170654: 'Damaskus', // Damascus
  223817: 'Dschibuti', // Djibouti
  264371: 'Athen', // Athens
  287286: 'Maskat', // Muscat
  344979: 'Addis Abeba', // Addis Ababa
  360630: 'Kairo', // Cairo
  379252: 'Khartum', // Khartoum
  472757: 'Wolgograd', // Volgograd
  479123: 'Uljanowsk', // Ulyanovsk
  498677: 'Saratow', // Saratov
  524901: 'Moskau', // Moscow
  548408: 'Kirow', // Kirov
  580497: 'Astrachan', // Astrakhan
  611717: 'Tiflis', // Tbilisi
  616052: 'Eriwan', // Yerevan
  683506: 'Bukarest', // Bucharest
  756135: 'Warschau', // Warsaw
  792680: 'Belgrad', // Belgrade
  1174872: 'Karatschi', // Karachi
  1221874: 'Duschanbe', // Dushanbe
  1486209: 'Jekaterinburg', // Yekaterinburg
  1496747: 'Nowosibirsk', // Novosibirsk
  1502026: 'Krasnojarsk', // Krasnoyarsk
  1512569: 'Taschkent', // Tashkent
  1519922: 'Qysylorda', // Kyzylorda
  1519928: 'Qostanai', // Kostanay
  1528675: 'Bischkek', // Bishkek
  1668341: 'Taipeh', // Taipei
  1819729: 'Hongkong', // Hong Kong
  1850147: 'Tokio', // Tokyo
  1871859: 'Pjöngjang', // Pyongyang
  1880252: 'Singapur', // Singapore
  2013159: 'Jakutsk', // Yakutsk
  2013348: 'Wladiwostok', // Vladivostok
  2025339: 'Tschita', // Chita
  2210247: 'Tripolis', // Tripoli
  2267057: 'Lissabon', // Lisbon
  2462881: 'El Aaiún', // Laayoune
  2507480: 'Algier', // Algiers
  2618425: 'Kopenhagen', // Copenhagen
  2761369: 'Wien', // Vienna
  2800866: 'Brüssel', // Brussels
  2960316: 'Luxemburg', // Luxembourg
  3067696: 'Prag', // Prague
  3169070: 'Rom', // Rome
  3530597: 'Mexiko-Stadt', // Mexico City
  3553478: 'Havanna', // Havana
  6691831: 'Vatikan', // Vatican City
};
