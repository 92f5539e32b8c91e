/**
 * Other names of catalog foods, as cookbooks and shoppers call them, where the food's own name does
 * not say it in those words ("ground cinnamon" is "Spices, cinnamon, ground"; "icing sugar" is
 * "Sugars, powdered"). A query that is one of them finds the food as if it were its name
 * (lib/diary/search.ts, SearchDoc.aliases). Chosen line by line from the misreadings of the
 * recipe-line corpus (tests/fixtures/recipe-lines.tsv) and of the phrase corpus: each names the
 * one food a person means by the words, never a guess between several.
 */
export const SEARCH_ALIASES: Readonly<Record<string, { en?: readonly string[]; ru?: readonly string[] }>> = {
  // Spices and baking
  'usda-02010': { en: ['cinnamon', 'ground cinnamon', 'cinnamon stick'], ru: ['корица', 'палочка корицы'] },
  'usda-02014': { en: ['cumin', 'ground cumin', 'cumin seeds'], ru: ['зира', 'кумин'] },
  'usda-02021': { en: ['ground ginger', 'ginger powder'], ru: ['имбирь молотый'] },
  'usda-02030': {
    en: ['black pepper', 'ground black pepper', 'peppercorns', 'black peppercorns', 'whole peppercorns'],
    ru: ['чёрный перец', 'перец чёрный молотый', 'перец горошком'],
  },
  'usda-02011': { en: ['cloves', 'ground cloves', 'whole cloves'], ru: ['гвоздика'] },
  'usda-02004': { en: ['bay leaf', 'bay leaves'], ru: ['лавровый лист'] },
  'usda-02028': { en: ['paprika', 'smoked paprika', 'sweet paprika'], ru: ['паприка', 'копчёная паприка'] },
  'usda-02050': { en: ['vanilla', 'vanilla extract', 'pure vanilla extract'], ru: ['ванильный экстракт'] },
  'usda-02031': {
    en: [
      'cayenne',
      'cayenne pepper',
      'ground chipotle',
      'chipotle powder',
      'red pepper flakes',
      'crushed red pepper',
    ],
    ru: ['кайенский перец', 'хлопья красного перца'],
  },
  'usda-02025': { en: ['nutmeg', 'ground nutmeg'], ru: ['мускатный орех'] },
  'usda-02001': { en: ['allspice', 'ground allspice'], ru: ['душистый перец'] },
  'usda-02006': { en: ['cardamom', 'ground cardamom'], ru: ['кардамон'] },
  'usda-02009': { en: ['chili powder', 'chile powder'], ru: ['молотый чили'] },
  'usda-02013': { en: ['ground coriander', 'coriander seeds'], ru: ['молотый кориандр'] },
  'usda-02015': { en: ['curry powder'], ru: ['карри'] },
  'usda-02020': { en: ['garlic powder', 'granulated garlic'], ru: ['чесночный порошок', 'сушёный чеснок'] },
  'usda-02026': { en: ['onion powder'], ru: ['луковый порошок'] },
  'usda-02043': { en: ['turmeric', 'ground turmeric'], ru: ['куркума'] },
  'usda-02036': { en: ['dried rosemary'], ru: ['сушёный розмарин'] },
  'usda-02042': { en: ['dried thyme'], ru: ['сушёный тимьян'] },
  'usda-02018': { en: ['fennel seeds', 'fennel seed'], ru: ['семена фенхеля'] },
  'usda-02024': { en: ['ground mustard', 'mustard powder', 'dry mustard'], ru: ['горчичный порошок'] },
  'usda-18369': { en: ['baking powder'], ru: ['разрыхлитель'] },
  'usda-19336': {
    en: ['powdered sugar', 'icing sugar', 'confectioners sugar', "confectioners' sugar"],
    ru: ['сахарная пудра'],
  },
  sugar: { en: ['granulated sugar', 'white sugar', 'caster sugar', 'cane sugar'], ru: ['сахарный песок'] },
  // Pomegranate molasses is no molasses, but a syrup of about the same energy (290 kcal per 100 g).
  'usda-19304': {
    en: ['molasses', 'blackstrap molasses', 'pomegranate molasses'],
    ru: ['меласса', 'патока'],
  },
  'usda-19080': {
    en: ['chocolate chips', 'semisweet chocolate chips', 'semi-sweet chocolate chips', 'semisweet chocolate'],
    ru: ['шоколадные капли'],
  },
  'wheat-flour': { en: ['flour', 'plain flour', 'all-purpose flour', 'all purpose flour'], ru: ['мука'] },
  'usda-02047': {
    en: [
      'salt',
      'kosher salt',
      'sea salt',
      'table salt',
      'fine salt',
      'flaky salt',
      'coarse salt',
      'diamond crystal kosher salt',
    ],
    ru: ['соль', 'поваренная соль', 'морская соль'],
  },
  'brown-sugar': {
    en: ['light brown sugar', 'dark brown sugar', 'packed brown sugar'],
    ru: ['коричневый сахар'],
  },
  'usda-14214': { en: ['espresso powder', 'instant espresso powder', 'instant coffee powder'] },
  'usda-02027': {
    en: ['italian seasoning', 'dried oregano', 'oregano'],
    ru: ['орегано', 'итальянские травы'],
  },
  // Condiments
  mustard: { en: ['dijon mustard', 'dijon', 'yellow mustard'], ru: ['горчица дижонская'] },
  'usda-12166': { en: ['tahini', 'tahini paste', 'sesame paste'], ru: ['тахини', 'кунжутная паста'] },
  'usda-02053': {
    en: ['white vinegar', 'distilled vinegar', 'rice vinegar', 'rice wine vinegar'],
    ru: ['уксус'],
  },
  'usda-06971': { en: ['worcestershire sauce', 'worcestershire'], ru: ['вустерширский соус'] },
  'vegetable-oil-blend': { en: ['vegetable oil', 'neutral oil', 'cooking oil'], ru: ['растительное масло'] },
  // Vegetables and fruit
  // USDA's tomato row counts cherry tomatoes by its "cherry" measure.
  tomato: { en: ['cherry tomatoes', 'cherry tomato'], ru: ['помидоры черри', 'черри', 'томаты черри'] },
  onion: {
    en: ['red onion', 'white onion', 'yellow onion', 'sweet onion', 'onions'],
    ru: ['луковица', 'репчатый лук'],
  },
  'spring-onions': { en: ['green onions', 'green onion', 'scallions', 'scallion'], ru: ['зелёный лук'] },
  'usda-09150': { en: ['lemon', 'lemons', 'whole lemon'], ru: ['лимон'] },
  'ginger-root': {
    en: ['ginger', 'fresh ginger', 'ginger root', 'gingerroot'],
    ru: ['имбирь', 'свежий имбирь'],
  },
  'bell-pepper-red': { en: ['red bell pepper', 'bell pepper'], ru: ['болгарский перец'] },
  apple: { en: ['apples', 'green apple', 'sweet apples'], ru: ['яблоки'] },
  'usda-11916': {
    en: ['roasted red peppers', 'roasted red pepper', 'roasted sweet red peppers'],
    ru: ['запечённый перец'],
  },
  'usda-11632': {
    en: ['pickled jalapenos', 'pickled jalapeños', 'jalapenos', 'jalapeños'],
    ru: ['халапеньо'],
  },
  'usda-11424': {
    en: ['pumpkin puree', 'pumpkin purée', 'canned pumpkin', 'pure pumpkin'],
    ru: ['тыквенное пюре'],
  },
  spinach: { en: ['baby spinach', 'spinach leaves'], ru: ['шпинат'] },
  'curly-endive': { en: ['escarole'], ru: ['эскариоль'] },
  'usda-09079': { en: ['dried cranberries', 'craisins'], ru: ['сушёная клюква'] },
  // Dairy, meat, fish
  // "сало" and "салями" share a stem: the word names the fatback.
  'pork-fatback': { en: ['salo', 'fatback'], ru: ['сало', 'сало свиное'] },
  'milk-3-2': { en: ['whole milk', 'milk'], ru: ['молоко'] },
  cheddar: {
    en: [
      'cheddar',
      'sharp cheddar',
      'extra-sharp cheddar',
      'sharp cheddar cheese',
      'extra-sharp cheddar cheese',
      'white cheddar',
    ],
    ru: ['чеддер'],
  },
  'parmesan-grated': {
    en: ['parmesan cheese', 'grated parmesan', 'grated parmesan cheese'],
    ru: ['тёртый пармезан'],
  },
  mozzarella: { en: ['mozzarella', 'mozzarella cheese', 'shredded mozzarella'], ru: ['моцарелла'] },
  'usda-01038': {
    en: ['pecorino romano', 'pecorino', 'romano cheese', 'pecorino romano cheese'],
    ru: ['пекорино'],
  },
  'cream-36': {
    en: ['heavy cream', 'heavy whipping cream', 'whipping cream', 'double cream'],
    ru: ['сливки 33%'],
  },
  'pork-mince-raw': { en: ['ground pork', 'pork mince'], ru: ['свиной фарш'] },
  'usda-23557': { en: ['extra lean ground beef', 'extra-lean ground beef'] },
  'mozzarella-part-skim': {
    en: ['part-skim mozzarella', 'part-skim mozzarella cheese'],
    ru: ['моцарелла частично обезжиренная'],
  },
  ricotta: { en: ['ricotta', 'ricotta cheese', 'whole milk ricotta', 'whole-milk ricotta'], ru: ['рикотта'] },
  'shrimp-raw': { en: ['shrimp', 'prawns', 'large shrimp'], ru: ['креветки'] },
  'salmon-raw': { en: ['salmon', 'salmon fillet', 'salmon fillets'], ru: ['лосось', 'филе лосося'] },
  'chicken-breast-raw': {
    en: [
      'chicken breast',
      'chicken breasts',
      'boneless skinless chicken breasts',
      'boneless chicken breasts',
    ],
    ru: ['куриная грудка', 'куриное филе'],
  },
  'usda-15140': { en: ['crab meat', 'lump crab meat', 'crabmeat'], ru: ['мясо краба'] },
  'usda-23562': { en: ['lean ground beef'], ru: ['постный говяжий фарш'] },
  // Broths and drinks
  // Tea with a slice of lemon is tea: the slice adds 2 kcal, not the whole lemon's serving.
  tea: { en: ['tea with lemon'], ru: ['чай с лимоном'] },
  // "Сок" alone is the everyday juice, as "juice" finds it.
  'orange-juice': { ru: ['сок'] },
  cola: { en: ['coke', 'coca-cola', 'pepsi'], ru: ['кока-кола', 'пепси'] },
  'cola-diet': {
    en: ['coke zero', 'diet coke', 'coca-cola zero', 'pepsi max', 'diet pepsi'],
    ru: ['кола зеро', 'кока-кола зеро', 'пепси макс'],
  },
  // A shake is a scoop of the powder in water: the powder's scoop is what it adds.
  'whey-protein': { en: ['protein shake', 'protein powder', 'whey protein'], ru: ['протеиновый коктейль'] },
  'usda-06194': {
    en: ['chicken broth', 'chicken stock'],
    ru: ['куриный бульон'],
  },
  'usda-06970': {
    en: [
      'low sodium chicken broth',
      'low-sodium chicken broth',
      'low sodium chicken stock',
      'low-sodium chicken stock',
      'unsalted chicken stock',
      'unsalted chicken broth',
    ],
  },
  'beef-broth': {
    en: ['beef broth', 'beef stock', 'low sodium beef broth', 'low-sodium beef broth'],
    ru: ['говяжий бульон'],
  },
  'spirits-40': {
    en: ['brandy', 'cognac', 'rum', 'whiskey', 'whisky', 'bourbon'],
    ru: ['коньяк', 'бренди', 'ром'],
  },
  water: {
    en: ['ice', 'ice cubes', 'cold water', 'warm water', 'tap water', 'boiling water', 'hot water'],
    ru: ['лёд', 'кипяток'],
  },
  // Breads and grains
  'white-bread': { ru: ['батон', 'батон нарезной'] },
  // Breakfast cereal, as people name it: corn flakes are the plain one.
  'corn-flakes': { en: ['cereal', 'breakfast cereal'] },
  'corn-flakes-with-milk': { en: ['cereal with milk', 'bowl of cereal'] },
  // The one ramen people cook from a packet; USDA has it dry only.
  'usda-06583': {
    en: ['ramen', 'instant noodles', 'ramen noodles'],
    ru: ['рамен', 'лапша быстрого приготовления', 'доширак'],
  },
  'usda-21237': { en: ['big mac'], ru: ['биг мак'] },
  'rice-cakes': { en: ['rice cakes'], ru: ['хлебцы'] },
  // A brand everyone names the spread by.
  'hazelnut-chocolate-spread': { en: ['nutella'], ru: ['нутелла', 'нутела'] },
  hamburger: { ru: ['бургер'] },
  'usda-21082': { en: ['taco', 'tacos', 'beef taco'], ru: ['тако'] },
  'chocolate-chip-cookies': { en: ['cookie', 'cookies'] },
  'macaroni-cheese': { en: ['mac and cheese', 'mac n cheese', 'macaroni and cheese'] },
  // "пирожок" and "пирожки" stem apart (its о drops): the singular names them too.
  'pirozhki-cabbage': { ru: ['пирожок с капустой'] },
  'pirozhki-meat': { ru: ['пирожок с мясом'] },
  'pirozhki-potato-fried': { ru: ['пирожок с картошкой', 'пирожок с картофелем'] },
  'usda-18363': { en: ['corn tortillas', 'corn tortilla'], ru: ['кукурузные лепёшки'] },
  'usda-18079': {
    en: ['bread crumbs', 'breadcrumbs', 'panko', 'panko bread crumbs'],
    ru: ['панировочные сухари'],
  },
  flaxseed: {
    en: ['flax seed', 'flax seeds', 'flaxseed meal', 'flax seed meal', 'ground flaxseed'],
    ru: ['льняное семя'],
  },
  // What a plain word means at a table: a slice of a pizzeria's cheese pizza, a grilled steak (not
  // a raw cut), corn eaten off the cob, almond milk without chocolate.
  'pizza-cheese-slice': { en: ['pizza', 'pizza slice', 'slice of pizza'], ru: ['пицца', 'кусок пиццы'] },
  'beef-sirloin-steak-grilled': {
    en: ['steak', 'beef steak', 'grilled steak'],
    ru: ['стейк', 'говяжий стейк'],
  },
  'corn-on-the-cob': {
    en: ['ear of corn', 'corn on the cob', 'corn cob', 'cob of corn'],
    ru: ['початок кукурузы', 'кукуруза в початках', 'варёная кукуруза'],
  },
  'almond-milk-vanilla': { en: ['almond milk'], ru: ['миндальное молоко'] },
};
