// Profile option catalogs: the stable ids behind every choice a member can make on their profile.
// Ids never change meaning; labels live in packages/i18n/locales/{en,de}/catalog.json under the same names.
// New options are appended (or inserted where they read best); an id is never reused for something else.

/**
 * Hobbies and interests, grouped: outdoors, arts, music, tech and games, social, food, sport, learning,
 * culture, lifestyle.
 */
export const INTERESTS = [
  'hiking',
  'camping',
  'climbing',
  'cycling',
  'running',
  'swimming',
  'kayaking',
  'sailing',
  'skiing',
  'fishing',
  'gardening',
  'birdwatching',
  'natureWalks',
  'geocaching',
  'horseRiding',
  'painting',
  'drawing',
  'photography',
  'pottery',
  'knitting',
  'sewing',
  'diyCrafts',
  'calligraphy',
  'creativeWriting',
  'poetry',
  'filmmaking',
  'theater',
  'dancing',
  'singing',
  'playingInstruments',
  'choir',
  'concerts',
  'musicProduction',
  'djing',
  'karaoke',
  'programming',
  'videoGames',
  'boardGames',
  'chess',
  'puzzles',
  'electronics',
  'artificialIntelligence',
  'printing3d',
  'volunteering',
  'meetups',
  'languageExchange',
  'pubQuizzes',
  'socialActivism',
  'cooking',
  'baking',
  'wineTasting',
  'craftBeer',
  'coffee',
  'diningOut',
  'football',
  'basketball',
  'tennis',
  'volleyball',
  'tableTennis',
  'martialArts',
  'yoga',
  'fitness',
  'bouldering',
  'golf',
  'languages',
  'reading',
  'history',
  'philosophy',
  'science',
  'astronomy',
  'psychology',
  'politics',
  'onlineCourses',
  'travel',
  'museums',
  'artGalleries',
  'movies',
  'opera',
  'architecture',
  'fashion',
  'animeManga',
  'meditation',
  'pets',
  'sustainability',
  'entrepreneurship',
  'investing',
  'podcasts',
  'interiorDesign',
  'cars',
  'collecting',
] as const;
export type Interest = (typeof INTERESTS)[number];

/**
 * Countries as lowercase ISO 3166-1 alpha-2 codes: German-speaking first, then the rest of the EU, the rest
 * of Europe and the world.
 */
export const COUNTRIES = [
  'de',
  'at',
  'ch',
  'li',
  'be',
  'bg',
  'hr',
  'cy',
  'cz',
  'dk',
  'ee',
  'fi',
  'fr',
  'gr',
  'hu',
  'ie',
  'it',
  'lv',
  'lt',
  'lu',
  'mt',
  'nl',
  'pl',
  'pt',
  'ro',
  'sk',
  'si',
  'es',
  'se',
  'ba',
  'no',
  'ru',
  'rs',
  'tr',
  'ua',
  'gb',
  'af',
  'au',
  'br',
  'ca',
  'cn',
  'in',
  'ir',
  'iq',
  'mx',
  'sy',
  'us',
] as const;
export type Country = (typeof COUNTRIES)[number];

/** Job fields and industries, alphabetical by English label, then "other". */
export const JOB_FIELDS = [
  'accounting',
  'administration',
  'advertising',
  'aerospace',
  'agriculture',
  'architecture',
  'artsAndCulture',
  'automotive',
  'banking',
  'beautyAndWellness',
  'biotechnology',
  'chemicals',
  'civilEngineering',
  'civilService',
  'construction',
  'consulting',
  'customerService',
  'cybersecurity',
  'dataScience',
  'defense',
  'dentistry',
  'eCommerce',
  'earlyChildhoodEducation',
  'education',
  'elderlyCare',
  'electricalEngineering',
  'energy',
  'entertainment',
  'environmentalProtection',
  'eventManagement',
  'facilityManagement',
  'fashion',
  'filmAndTelevision',
  'finance',
  'fitnessAndSports',
  'foodAndBeverage',
  'gameDevelopment',
  'graphicDesign',
  'healthcare',
  'hospitality',
  'humanResources',
  'informationTechnology',
  'insurance',
  'interiorDesign',
  'journalism',
  'law',
  'logistics',
  'manufacturing',
  'marketing',
  'mechanicalEngineering',
  'media',
  'medicine',
  'mining',
  'music',
  'nonProfit',
  'nursing',
  'pharmaceuticals',
  'photography',
  'politics',
  'productManagement',
  'projectManagement',
  'psychology',
  'publicRelations',
  'publishing',
  'realEstate',
  'research',
  'retail',
  'sales',
  'security',
  'skilledTrades',
  'socialWork',
  'softwareDevelopment',
  'sustainability',
  'telecommunications',
  'tourism',
  'translation',
  'transportation',
  'urbanPlanning',
  'veterinaryMedicine',
  'other',
] as const;
export type JobField = (typeof JOB_FIELDS)[number];

/**
 * Professional skills: interpersonal, business and management, digital and technical, creative, practical.
 */
export const PROFESSIONAL_SKILLS = [
  'communication',
  'teamwork',
  'leadership',
  'problemSolving',
  'criticalThinking',
  'decisionMaking',
  'timeManagement',
  'organization',
  'adaptability',
  'creativity',
  'attentionToDetail',
  'emotionalIntelligence',
  'interculturalCompetence',
  'publicSpeaking',
  'negotiation',
  'conflictResolution',
  'networking',
  'customerService',
  'sales',
  'marketing',
  'digitalMarketing',
  'seo',
  'socialMediaManagement',
  'projectManagement',
  'agileMethods',
  'productManagement',
  'peopleManagement',
  'recruiting',
  'riskManagement',
  'strategicPlanning',
  'businessAnalysis',
  'entrepreneurship',
  'financialAnalysis',
  'accounting',
  'budgeting',
  'supplyChainManagement',
  'legalKnowledge',
  'spreadsheets',
  'programming',
  'webDevelopment',
  'mobileDevelopment',
  'dataAnalysis',
  'machineLearning',
  'databaseManagement',
  'cloudComputing',
  'devOps',
  'cybersecurity',
  'itSupport',
  'systemAdministration',
  'qualityAssurance',
  'technicalDrawing',
  'graphicDesign',
  'uxDesign',
  'videoEditing',
  'photography',
  'contentCreation',
  'copywriting',
  'writing',
  'editing',
  'research',
  'translation',
  'teaching',
  'coaching',
  'eventPlanning',
  'caregiving',
  'firstAid',
  'healthAndSafety',
  'craftsmanship',
  'repairAndMaintenance',
  'cooking',
] as const;
export type ProfessionalSkill = (typeof PROFESSIONAL_SKILLS)[number];

/** Highest education level. */
export const EDUCATION_LEVELS = [
  'highSchoolDiploma',
  'associateDegree',
  'bachelorsDegree',
  'mastersDegree',
  'doctorate',
  'professionalDegree',
  'technicalVocationalCertificate',
  'someCollegeNoDegree',
  'ged',
  'other',
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

/** Goal areas for the future; "other" stays last. */
export const FUTURE_GOALS = [
  'careerGrowth',
  'furtherEducation',
  'startingABusiness',
  'financialIndependence',
  'travelingTheWorld',
  'learningLanguages',
  'healthAndFitness',
  'personalGrowth',
  'startingAFamily',
  'buyingAHome',
  'buildingFriendships',
  'findingAPartner',
  'settlingIn',
  'givingBack',
  'creativeProjects',
  'workLifeBalance',
  'sustainableLiving',
  'other',
] as const;
export type FutureGoal = (typeof FUTURE_GOALS)[number];

/** Languages as lowercase ISO 639-1 codes: English and German first, then alphabetical by English name. */
export const LANGUAGES = [
  'en',
  'de',
  'sq',
  'am',
  'ar',
  'hy',
  'az',
  'be',
  'bn',
  'bs',
  'bg',
  'ca',
  'zh',
  'hr',
  'cs',
  'da',
  'nl',
  'et',
  'tl',
  'fi',
  'fr',
  'el',
  'he',
  'hi',
  'hu',
  'id',
  'ga',
  'it',
  'ja',
  'ko',
  'ku',
  'lv',
  'lt',
  'lb',
  'mk',
  'mt',
  'no',
  'ps',
  'fa',
  'pl',
  'pt',
  'pa',
  'ro',
  'ru',
  'sr',
  'sk',
  'sl',
  'so',
  'es',
  'sw',
  'sv',
  'ta',
  'th',
  'ti',
  'tr',
  'uk',
  'ur',
  'vi',
] as const;
export type Language = (typeof LANGUAGES)[number];

/** Religion or worldview. */
export const RELIGIONS = [
  'christianity',
  'catholicism',
  'protestantism',
  'orthodoxChristianity',
  'islam',
  'alevism',
  'judaism',
  'hinduism',
  'buddhism',
  'sikhism',
  'jainism',
  'bahai',
  'yazidism',
  'taoism',
  'paganism',
  'spiritualButNotReligious',
  'agnosticism',
  'atheism',
  'other',
  'preferNotToSay',
] as const;
export type Religion = (typeof RELIGIONS)[number];

/** Core values. */
export const CORE_VALUES = [
  'honesty',
  'loyalty',
  'kindness',
  'respect',
  'empathy',
  'integrity',
  'trust',
  'family',
  'friendship',
  'freedom',
  'independence',
  'equality',
  'fairness',
  'tolerance',
  'openMindedness',
  'curiosity',
  'creativity',
  'adventure',
  'personalGrowth',
  'lifelongLearning',
  'health',
  'balance',
  'gratitude',
  'generosity',
  'responsibility',
  'ambition',
  'community',
  'sustainability',
  'spirituality',
  'humor',
] as const;
export type CoreValue = (typeof CORE_VALUES)[number];

/** Qualities a member values most in others. */
export const IMPORTANT_QUALITIES = [
  'senseOfHumor',
  'kindness',
  'honesty',
  'reliability',
  'loyalty',
  'trustworthiness',
  'empathy',
  'compassion',
  'warmth',
  'patience',
  'respectfulness',
  'openMindedness',
  'intelligence',
  'curiosity',
  'selfConfidence',
  'humility',
  'positivity',
  'ambition',
  'creativity',
  'spontaneity',
  'adventurousness',
  'goodListener',
  'goodCommunication',
  'emotionalMaturity',
  'supportiveness',
  'generosity',
  'punctuality',
  'authenticity',
  'independence',
  'sharedValues',
  'sharedInterests',
] as const;
export type ImportantQuality = (typeof IMPORTANT_QUALITIES)[number];

/** Deal breakers. */
export const DEAL_BREAKERS = [
  'smoking',
  'heavyDrinking',
  'drugUse',
  'dishonesty',
  'disrespect',
  'unreliability',
  'poorHygiene',
  'aggressiveBehavior',
  'discrimination',
  'negativity',
] as const;
export type DealBreaker = (typeof DEAL_BREAKERS)[number];

/** Communication styles. */
export const COMMUNICATION_STYLES = [
  'direct',
  'diplomatic',
  'expressive',
  'reserved',
  'analytical',
  'empathetic',
] as const;
export type CommunicationStyle = (typeof COMMUNICATION_STYLES)[number];

/** Relationship goals. */
export const RELATIONSHIP_GOALS = [
  'friendship',
  'companionship',
  'casualDating',
  'longTermRelationship',
  'marriage',
  'openToAnything',
  'notSureYet',
] as const;
export type RelationshipGoal = (typeof RELATIONSHIP_GOALS)[number];

/** Lifestyles a member gets along with. */
export const LIFESTYLE_COMPATIBILITY = [
  'active',
  'relaxed',
  'social',
  'homebody',
  'healthConscious',
  'adventurous',
] as const;
export type LifestyleCompatibility = (typeof LIFESTYLE_COMPATIBILITY)[number];

/** The 16 Myers-Briggs types. */
export const MBTI_TYPES = [
  'INTJ',
  'INTP',
  'ENTJ',
  'ENTP',
  'INFJ',
  'INFP',
  'ENFJ',
  'ENFP',
  'ISTJ',
  'ISFJ',
  'ESTJ',
  'ESFJ',
  'ISTP',
  'ISFP',
  'ESTP',
  'ESFP',
] as const;
export type MbtiType = (typeof MBTI_TYPES)[number];

/** The Big Five personality traits. */
export const BIG_FIVE_TRAITS = [
  'openness',
  'conscientiousness',
  'extraversion',
  'agreeableness',
  'neuroticism',
] as const;
export type BigFiveTrait = (typeof BIG_FIVE_TRAITS)[number];

/** How strongly a Big Five trait shows. */
export const BIG_FIVE_LEVELS = ['high', 'medium', 'low'] as const;
export type BigFiveLevel = (typeof BIG_FIVE_LEVELS)[number];

/** Personality descriptors. */
export const PERSONALITY_DESCRIPTORS = [
  'introverted',
  'extroverted',
  'ambivert',
  'analytical',
  'creative',
  'pragmatic',
  'optimistic',
  'pessimistic',
  'adventurous',
  'cautious',
] as const;
export type PersonalityDescriptor = (typeof PERSONALITY_DESCRIPTORS)[number];

/** Relationship status and openness to new connections. */
export const RELATIONSHIP_STATUSES = [
  'single',
  'inARelationship',
  'engaged',
  'married',
  'separated',
  'divorced',
  'widowed',
  'openRelationship',
  'itsComplicated',
  'preferNotToSay',
  'openToFriends',
  'openToDating',
  'openToSeriousRelationship',
] as const;
export type RelationshipStatus = (typeof RELATIONSHIP_STATUSES)[number];

/** Whether the member has children. */
export const HAVING_KIDS = ['yes', 'no'] as const;
export type HavingKids = (typeof HAVING_KIDS)[number];

/** What the member is looking for on Amiko. */
export const LOOKING_FOR = [
  'friendship',
  'casualDating',
  'seriousRelationship',
  'networking',
  'activityPartner',
  'justChatting',
] as const;
export type LookingFor = (typeof LOOKING_FOR)[number];

/** Family planning. */
export const FAMILY_PLANNING = ['wantChildren', 'dontWantChildren', 'undecided', 'preferNotToSay'] as const;
export type FamilyPlanning = (typeof FAMILY_PLANNING)[number];

/** Gender. */
export const GENDERS = ['notSpecified', 'male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

/** Kinds of feedback a member can send. */
export const FEEDBACK_TYPES = [
  'bugReport',
  'suggestionForImprovement',
  'generalFeedback',
  'featureRequest',
  'positiveFeedback',
] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** How easy it was to connect with people, from hardest to easiest. */
export const EASE_OF_CONNECTION = ['veryDifficult', 'difficult', 'neutral', 'easy', 'veryEasy'] as const;
export type EaseOfConnection = (typeof EASE_OF_CONNECTION)[number];

/** Book genres. */
export const BOOK_GENRES = [
  'literaryFiction',
  'classics',
  'mystery',
  'thriller',
  'fantasy',
  'scienceFiction',
  'romance',
  'historicalFiction',
  'horror',
  'adventure',
  'youngAdult',
  'graphicNovels',
  'poetry',
  'biography',
  'selfHelp',
  'history',
  'popularScience',
  'philosophy',
  'psychology',
  'business',
  'politics',
  'travel',
  'cookbooks',
  'spirituality',
  'trueCrime',
  'humor',
] as const;
export type BookGenre = (typeof BOOK_GENRES)[number];

/** Film and TV series genres. */
export const MOVIE_GENRES = [
  'action',
  'adventure',
  'animation',
  'comedy',
  'crime',
  'documentary',
  'drama',
  'family',
  'fantasy',
  'history',
  'horror',
  'musical',
  'mystery',
  'romance',
  'scienceFiction',
  'thriller',
  'war',
  'western',
  'superhero',
  'arthouse',
  'sitcoms',
  'realityTv',
  'trueCrime',
  'anime',
  'kDramas',
] as const;
export type MovieGenre = (typeof MOVIE_GENRES)[number];

/** Music genres. */
export const MUSIC_GENRES = [
  'pop',
  'rock',
  'indie',
  'alternative',
  'metal',
  'punk',
  'hipHop',
  'rnb',
  'soul',
  'funk',
  'jazz',
  'blues',
  'classical',
  'opera',
  'electronic',
  'techno',
  'house',
  'reggae',
  'latin',
  'afrobeats',
  'kPop',
  'country',
  'folk',
  'singerSongwriter',
  'schlager',
  'worldMusic',
  'soundtracks',
] as const;
export type MusicGenre = (typeof MUSIC_GENRES)[number];

/** Podcast and blog categories. */
export const PODCAST_CATEGORIES = [
  'news',
  'politics',
  'business',
  'technology',
  'science',
  'history',
  'trueCrime',
  'comedy',
  'society',
  'education',
  'languageLearning',
  'health',
  'mentalHealth',
  'personalDevelopment',
  'relationships',
  'parenting',
  'sports',
  'arts',
  'music',
  'filmAndTv',
  'books',
  'food',
  'travel',
  'lifestyle',
  'fashion',
  'gaming',
  'finance',
  'religion',
  'expatLife',
] as const;
export type PodcastCategory = (typeof PODCAST_CATEGORIES)[number];

/** Cuisines. */
export const CUISINES = [
  'german',
  'austrian',
  'italian',
  'french',
  'spanish',
  'greek',
  'mediterranean',
  'balkan',
  'eastEuropean',
  'scandinavian',
  'turkish',
  'middleEastern',
  'persian',
  'indian',
  'chinese',
  'japanese',
  'korean',
  'thai',
  'vietnamese',
  'ethiopian',
  'mexican',
  'brazilian',
  'american',
  'fusion',
] as const;
export type Cuisine = (typeof CUISINES)[number];

/** Dance styles. */
export const DANCE_STYLES = [
  'salsa',
  'bachata',
  'kizomba',
  'tango',
  'swing',
  'ballroom',
  'discoFox',
  'hipHop',
  'breakdance',
  'afroDance',
  'kPopDance',
  'contemporary',
  'ballet',
  'jazzDance',
  'tapDance',
  'flamenco',
  'bellyDance',
  'folkDance',
  'lineDance',
  'poleDance',
  'zumba',
] as const;
export type DanceStyle = (typeof DANCE_STYLES)[number];

/** Kinds of events a member likes to go to. */
export const EVENT_TYPES = [
  'concerts',
  'festivals',
  'partiesAndClubbing',
  'theater',
  'comedyShows',
  'movieNights',
  'exhibitions',
  'culturalEvents',
  'talks',
  'workshops',
  'networkingEvents',
  'meetups',
  'languageCafes',
  'gameNights',
  'pubQuizzes',
  'sharedDinners',
  'foodMarkets',
  'outdoorActivities',
  'tripsAndExcursions',
  'sportsEvents',
  'volunteering',
  'wellnessRetreats',
  'onlineEvents',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Festivals and celebrations. */
export const FESTIVALS = [
  'christmas',
  'christmasMarkets',
  'easter',
  'orthodoxEaster',
  'newYearsEve',
  'carnival',
  'oktoberfest',
  'stMartinsDay',
  'ramadan',
  'eidAlFitr',
  'eidAlAdha',
  'diwali',
  'holi',
  'hanukkah',
  'passover',
  'lunarNewYear',
  'nowruz',
  'thanksgiving',
  'halloween',
  'midsummer',
  'pride',
  'musicFestivals',
  'filmFestivals',
  'wineFestivals',
] as const;
export type Festival = (typeof FESTIVALS)[number];

/** Fitness activities. */
export const FITNESS_ACTIVITIES = [
  'gym',
  'strengthTraining',
  'running',
  'cycling',
  'indoorCycling',
  'swimming',
  'hiking',
  'nordicWalking',
  'yoga',
  'pilates',
  'crossfit',
  'hiit',
  'calisthenics',
  'bootcamp',
  'aerobics',
  'zumba',
  'boxing',
  'martialArts',
  'bouldering',
  'rowing',
  'stretching',
] as const;
export type FitnessActivity = (typeof FITNESS_ACTIVITIES)[number];

/** Sports to play or follow. */
export const SPORTS = [
  'football',
  'basketball',
  'volleyball',
  'handball',
  'tennis',
  'tableTennis',
  'badminton',
  'padel',
  'golf',
  'fieldHockey',
  'iceHockey',
  'rugby',
  'americanFootball',
  'baseball',
  'cricket',
  'athletics',
  'swimming',
  'cycling',
  'skiing',
  'snowboarding',
  'surfing',
  'sailing',
  'rowing',
  'climbing',
  'boxing',
  'martialArts',
  'equestrian',
  'ultimateFrisbee',
] as const;
export type Sport = (typeof SPORTS)[number];

/** Wellness practices. */
export const WELLNESS_PRACTICES = [
  'meditation',
  'mindfulness',
  'yoga',
  'breathwork',
  'taiChi',
  'qigong',
  'sauna',
  'massage',
  'spaDays',
  'coldExposure',
  'forestBathing',
  'journaling',
  'digitalDetox',
  'healthyEating',
  'sleepHygiene',
  'aromatherapy',
  'ayurveda',
  'reiki',
  'soundBaths',
] as const;
export type WellnessPractice = (typeof WELLNESS_PRACTICES)[number];

/** Diet preferences and restrictions. */
export const DIET_PREFERENCES = [
  'noRestrictions',
  'vegetarian',
  'vegan',
  'pescatarian',
  'flexitarian',
  'halal',
  'kosher',
  'noPork',
  'noAlcohol',
  'glutenFree',
  'lactoseFree',
  'nutAllergy',
  'lowCarb',
  'paleo',
  'rawFood',
  'diabeticFriendly',
  'mostlyOrganic',
  'intermittentFasting',
] as const;
export type DietPreference = (typeof DIET_PREFERENCES)[number];

/** Activities for mental wellbeing. */
export const MENTAL_WELLNESS_ACTIVITIES = [
  'meditation',
  'mindfulness',
  'journaling',
  'breathingExercises',
  'gratitudePractice',
  'therapy',
  'coaching',
  'supportGroups',
  'natureWalks',
  'exercise',
  'creativeExpression',
  'reading',
  'listeningToMusic',
  'gardening',
  'timeWithPets',
  'timeWithFriends',
  'volunteering',
  'digitalDetox',
  'selfCareRoutines',
  'mentalHealthApps',
] as const;
export type MentalWellnessActivity = (typeof MENTAL_WELLNESS_ACTIVITIES)[number];

/** New in town (issue 19.4): since when a member is new in their city, or that they are moving there. */
export const NEW_IN_TOWN_STATUSES = ['newHere', 'movingHere'] as const;
export type NewInTownStatus = (typeof NEW_IN_TOWN_STATUSES)[number];

/**
 * The lowest level a language café welcomes (issue 34), as the Common European Framework names them:
 * "Deutsch–English, B1 welcome".
 */
export const CAFE_LEVELS = ['a1', 'a2', 'b1', 'b2', 'c1', 'c2'] as const;
export type CafeLevel = (typeof CAFE_LEVELS)[number];

/** Every catalog by the name its labels use in the `catalog` i18n namespace. */
export const CATALOGS = {
  interests: INTERESTS,
  countries: COUNTRIES,
  cafeLevels: CAFE_LEVELS,
  jobFields: JOB_FIELDS,
  professionalSkills: PROFESSIONAL_SKILLS,
  educationLevels: EDUCATION_LEVELS,
  futureGoals: FUTURE_GOALS,
  languages: LANGUAGES,
  religions: RELIGIONS,
  coreValues: CORE_VALUES,
  importantQualities: IMPORTANT_QUALITIES,
  dealBreakers: DEAL_BREAKERS,
  communicationStyles: COMMUNICATION_STYLES,
  relationshipGoals: RELATIONSHIP_GOALS,
  lifestyleCompatibility: LIFESTYLE_COMPATIBILITY,
  mbtiTypes: MBTI_TYPES,
  bigFiveTraits: BIG_FIVE_TRAITS,
  bigFiveLevels: BIG_FIVE_LEVELS,
  personalityDescriptors: PERSONALITY_DESCRIPTORS,
  relationshipStatuses: RELATIONSHIP_STATUSES,
  havingKids: HAVING_KIDS,
  lookingFor: LOOKING_FOR,
  familyPlanning: FAMILY_PLANNING,
  genders: GENDERS,
  feedbackTypes: FEEDBACK_TYPES,
  easeOfConnection: EASE_OF_CONNECTION,
  bookGenres: BOOK_GENRES,
  movieGenres: MOVIE_GENRES,
  musicGenres: MUSIC_GENRES,
  podcastCategories: PODCAST_CATEGORIES,
  cuisines: CUISINES,
  danceStyles: DANCE_STYLES,
  eventTypes: EVENT_TYPES,
  festivals: FESTIVALS,
  fitnessActivities: FITNESS_ACTIVITIES,
  sports: SPORTS,
  wellnessPractices: WELLNESS_PRACTICES,
  dietPreferences: DIET_PREFERENCES,
  mentalWellnessActivities: MENTAL_WELLNESS_ACTIVITIES,
  newInTownStatuses: NEW_IN_TOWN_STATUSES,
} as const;
export type CatalogName = keyof typeof CATALOGS;
export type CatalogId<N extends CatalogName> = (typeof CATALOGS)[N][number];

const CATALOG_SETS = new Map<string, ReadonlySet<string>>();
for (const [name, ids] of Object.entries(CATALOGS)) CATALOG_SETS.set(name, new Set(ids));

/** Whether `id` is an id of the named catalog. */
export function isCatalogId(name: CatalogName, id: string): boolean {
  return CATALOG_SETS.get(name)?.has(id) ?? false;
}
