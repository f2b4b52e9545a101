/**
 * Where sandbox businesses are: states with their GST code, CIN state code and Registrar of
 * Companies, and cities with localities and PIN codes that fit the state. State names are the
 * GST table's (domain/identifiers/state-codes.ts) so that addresses and records agree.
 */
import { GST_STATES } from '../../domain/identifiers/state-codes.js';
import type { RegionId } from './person-names.js';
import { indexWeightTable } from './prng.js';

/** A locality: name, 6-digit PIN code, and the district when it differs from the city's. */
export type Locality = readonly [name: string, pincode: string, district?: string];

export interface City {
  name: string;
  district: string;
  /** When the city falls under another Registrar than the state's usual one. */
  roc?: string;
  localities: readonly Locality[];
  /** Streets and estates local to the city; generic ones are used as well. */
  streets: readonly string[];
}

export interface StatePlaces {
  gstCode: string;
  cinCode: string;
  roc: string;
  /** Relative share of sandbox businesses registered in the state. */
  weight: number;
  /** Naming traditions of the people there, by relative share. */
  regions: readonly (readonly [RegionId, number])[];
  cities: readonly City[];
}

const city = (name: string, district: string, localities: Locality[], streets: string[] = [], roc?: string): City =>
  roc === undefined ? { name, district, localities, streets } : { name, district, localities, streets, roc };

export const STATES: readonly StatePlaces[] = [
  { gstCode: '27', cinCode: 'MH', roc: 'ROC Mumbai', weight: 17, regions: [['marathi', 6], ['gujarati', 1.2], ['hindi', 1.5], ['muslim', 1], ['malayali', 0.3]], cities: [
    city('Mumbai', 'Mumbai', [['Fort', '400001'], ['Lower Parel', '400013'], ['Dadar West', '400028'], ['Worli', '400018'], ['Masjid Bunder', '400009']],
      ['Dr. Annie Besant Road', 'Senapati Bapat Marg', 'Nariman Point', 'Kalbadevi Road']),
    city('Mumbai', 'Mumbai Suburban', [['Andheri East', '400069'], ['Bandra West', '400050'], ['Goregaon East', '400063'], ['Malad West', '400064'], ['Powai', '400076'], ['Vikhroli West', '400083'], ['Chembur', '400071'], ['Kurla West', '400070']],
      ['LBS Marg', 'SV Road', 'Linking Road', 'Western Express Highway', 'Marol Maroshi Road']),
    city('Pune', 'Pune', [['Shivajinagar', '411005'], ['Kothrud', '411038'], ['Hadapsar', '411028'], ['Baner', '411045'], ['Hinjewadi', '411057'], ['Viman Nagar', '411014'], ['Bhosari', '411026'], ['Pimpri', '411018'], ['Chakan', '410501']],
      ['FC Road', 'JM Road', 'Nagar Road', 'Satara Road', 'MIDC Bhosari', 'Mumbai-Bengaluru Highway'], 'ROC Pune'),
    city('Nagpur', 'Nagpur', [['Sitabuldi', '440012'], ['Dharampeth', '440010'], ['Hingna MIDC', '440016'], ['Wardhaman Nagar', '440008'], ['Butibori', '441122']], ['Wardha Road', 'Central Avenue', 'Amravati Road']),
    city('Nashik', 'Nashik', [['Satpur MIDC', '422007'], ['Ambad', '422010'], ['College Road', '422005'], ['Dwarka', '422011']], ['Trimbak Road', 'Gangapur Road', 'Mumbai-Agra Road']),
    city('Thane', 'Thane', [['Wagle Estate', '400604'], ['Naupada', '400602'], ['Ghodbunder Road', '400615'], ['Bhiwandi', '421302', 'Thane']], ['Eastern Express Highway', 'Pokhran Road No. 2']),
    city('Aurangabad', 'Chhatrapati Sambhajinagar', [['Waluj MIDC', '431136'], ['Chikalthana', '431006'], ['CIDCO', '431003']], ['Jalna Road', 'Station Road']),
  ] },
  { gstCode: '24', cinCode: 'GJ', roc: 'ROC Ahmedabad', weight: 9, regions: [['gujarati', 8], ['hindi', 1], ['muslim', 0.7]], cities: [
    city('Ahmedabad', 'Ahmedabad', [['Navrangpura', '380009'], ['Satellite', '380015'], ['Vastrapur', '380015'], ['Naroda', '382330'], ['Vatva GIDC', '382445'], ['Odhav', '382415'], ['Maninagar', '380008'], ['Bopal', '380058'], ['Thaltej', '380059']],
      ['Ashram Road', 'CG Road', 'SG Highway', 'Relief Road', 'GIDC Estate']),
    city('Surat', 'Surat', [['Ring Road', '395002'], ['Varachha', '395006'], ['Udhna', '394210'], ['Adajan', '395009'], ['Sachin GIDC', '394230'], ['Katargam', '395004']], ['Ring Road', 'Textile Market', 'Udhna Magdalla Road']),
    city('Vadodara', 'Vadodara', [['Alkapuri', '390007'], ['Makarpura GIDC', '390010'], ['Manjalpur', '390011'], ['Por', '391243'], ['Savli', '391770']], ['RC Dutt Road', 'GIDC Estate', 'Old Padra Road']),
    city('Rajkot', 'Rajkot', [['Aji GIDC', '360003'], ['Kalawad Road', '360005'], ['Gondal Road', '360002'], ['Shapar', '360024']], ['Gondal Road', 'Kalawad Road', 'Dhebar Road']),
  ] },
  { gstCode: '29', cinCode: 'KA', roc: 'ROC Bangalore', weight: 9, regions: [['kannada', 5], ['tamil', 1], ['telugu', 1], ['malayali', 0.7], ['hindi', 1], ['muslim', 0.6]], cities: [
    city('Bengaluru', 'Bengaluru Urban', [['Indiranagar', '560038'], ['Koramangala', '560034'], ['Whitefield', '560066'], ['Jayanagar', '560041'], ['Electronic City', '560100'], ['Peenya', '560058'], ['Rajajinagar', '560010'], ['HSR Layout', '560102'], ['Malleshwaram', '560003'], ['Yeshwanthpur', '560022']],
      ['80 Feet Road', '100 Feet Road', 'Bannerghatta Road', 'Hosur Road', 'Old Airport Road', '1st Cross', '5th Main', 'Outer Ring Road']),
    city('Mysuru', 'Mysuru', [['Hebbal Industrial Area', '570016'], ['Vijayanagar', '570017'], ['Saraswathipuram', '570009']], ['Hunsur Road', 'Kalidasa Road']),
    city('Mangaluru', 'Dakshina Kannada', [['Baikampady', '575011'], ['Hampankatta', '575001'], ['Kadri', '575002']], ['KS Rao Road', 'Bejai Main Road']),
    city('Hubballi', 'Dharwad', [['Gokul Road', '580030'], ['Vidyanagar', '580021'], ['Tarihal', '580026']], ['Gokul Road', 'Station Road']),
  ] },
  { gstCode: '33', cinCode: 'TN', roc: 'ROC Chennai', weight: 9, regions: [['tamil', 8], ['telugu', 0.5], ['malayali', 0.4], ['muslim', 0.5], ['hindi', 0.4]], cities: [
    city('Chennai', 'Chennai', [['T Nagar', '600017'], ['Anna Nagar', '600040'], ['Guindy', '600032'], ['Adyar', '600020'], ['Ambattur', '600058'], ['Velachery', '600042'], ['Egmore', '600008'], ['Nungambakkam', '600034'], ['Perungudi', '600096']],
      ['Anna Salai', 'Mount Road', 'Old Mahabalipuram Road', 'GST Road', 'Poonamallee High Road', 'Usman Road']),
    city('Coimbatore', 'Coimbatore', [['Peelamedu', '641004'], ['RS Puram', '641002'], ['Gandhipuram', '641012'], ['Kurichi', '641021'], ['Saravanampatti', '641035']], ['Avinashi Road', 'Trichy Road', 'Mettupalayam Road'], 'ROC Coimbatore'),
    city('Tiruppur', 'Tiruppur', [['Kumar Nagar', '641603'], ['Palladam Road', '641604'], ['Avinashi', '641654']], ['Kangeyam Road', 'Palladam Road'], 'ROC Coimbatore'),
    city('Madurai', 'Madurai', [['Simmakkal', '625001'], ['KK Nagar', '625020'], ['Kappalur', '625008']], ['Bypass Road', 'West Masi Street']),
  ] },
  { gstCode: '07', cinCode: 'DL', roc: 'ROC Delhi', weight: 9, regions: [['hindi', 6], ['punjabi', 2], ['muslim', 1], ['bengali', 0.3]], cities: [
    city('New Delhi', 'New Delhi', [['Connaught Place', '110001'], ['Karol Bagh', '110005', 'Central Delhi'], ['Nehru Place', '110019', 'South East Delhi'], ['Okhla Industrial Area', '110020', 'South East Delhi'], ['Lajpat Nagar', '110024', 'South East Delhi'], ['Rajouri Garden', '110027', 'West Delhi'], ['Naraina', '110028', 'South West Delhi'], ['Chandni Chowk', '110006', 'Central Delhi'], ['Wazirpur', '110052', 'North West Delhi'], ['Mayapuri', '110064', 'West Delhi'], ['Janakpuri', '110058', 'West Delhi'], ['Bawana', '110039', 'North West Delhi']],
      ['Barakhamba Road', 'Kasturba Gandhi Marg', 'Ring Road', 'Bank Street', 'Najafgarh Road', 'Pusa Road']),
  ] },
  { gstCode: '09', cinCode: 'UP', roc: 'ROC Kanpur', weight: 8, regions: [['hindi', 8], ['muslim', 1.5], ['punjabi', 0.3]], cities: [
    city('Lucknow', 'Lucknow', [['Hazratganj', '226001'], ['Gomti Nagar', '226010'], ['Aliganj', '226024'], ['Chinhat', '226028'], ['Talkatora Industrial Area', '226011'], ['Aminabad', '226018']], ['Vidhan Sabha Marg', 'Shahnajaf Road', 'Kanpur Road']),
    city('Kanpur', 'Kanpur Nagar', [['Panki Industrial Area', '208022'], ['Civil Lines', '208001'], ['Kidwai Nagar', '208011'], ['Fazalganj', '208012']], ['GT Road', 'Mall Road']),
    city('Noida', 'Gautam Buddha Nagar', [['Sector 62', '201309'], ['Sector 63', '201301'], ['Sector 18', '201301'], ['Phase II', '201305']], ['Sector Road', 'Film City Road']),
    city('Ghaziabad', 'Ghaziabad', [['Sahibabad', '201010'], ['Loni', '201102'], ['Meerut Road Industrial Area', '201003'], ['Raj Nagar', '201002']], ['GT Road', 'Meerut Road']),
    city('Varanasi', 'Varanasi', [['Lanka', '221005'], ['Sigra', '221010'], ['Chandpur Industrial Estate', '221106']], ['Durgakund Road', 'Mahmoorganj Road']),
    city('Agra', 'Agra', [['Sikandra', '282007'], ['Sanjay Place', '282002'], ['Nunhai', '282006']], ['MG Road', 'Fatehabad Road']),
  ] },
  { gstCode: '19', cinCode: 'WB', roc: 'ROC Kolkata', weight: 6, regions: [['bengali', 7], ['hindi', 1.5], ['muslim', 0.8]], cities: [
    city('Kolkata', 'Kolkata', [['Park Street', '700016'], ['Salt Lake Sector V', '700091', 'North 24 Parganas'], ['Dalhousie', '700001'], ['Burrabazar', '700007'], ['Ballygunge', '700019'], ['Topsia', '700046'], ['New Town', '700156', 'North 24 Parganas'], ['Esplanade', '700069']],
      ['Park Street', 'Chowringhee Road', 'Camac Street', 'Brabourne Road', 'EM Bypass', 'Strand Road']),
    city('Howrah', 'Howrah', [['Howrah Maidan', '711101'], ['Liluah', '711204'], ['Bally', '711201'], ['Dasnagar', '711105']], ['GT Road', 'Dobson Road']),
    city('Siliguri', 'Darjeeling', [['Sevoke Road', '734001'], ['Matigara', '734010']], ['Sevoke Road', 'Hill Cart Road']),
    city('Durgapur', 'Paschim Bardhaman', [['City Centre', '713216'], ['Bidhannagar', '713212']], ['Nachan Road', 'GT Road']),
  ] },
  { gstCode: '36', cinCode: 'TG', roc: 'ROC Hyderabad', weight: 5, regions: [['telugu', 6], ['muslim', 1.2], ['hindi', 0.6]], cities: [
    city('Hyderabad', 'Hyderabad', [['Banjara Hills', '500034'], ['Jubilee Hills', '500033'], ['Madhapur', '500081', 'Rangareddy'], ['Gachibowli', '500032', 'Rangareddy'], ['Begumpet', '500016'], ['Kukatpally', '500072', 'Medchal-Malkajgiri'], ['Balanagar', '500037', 'Medchal-Malkajgiri'], ['Secunderabad', '500003'], ['Abids', '500001'], ['Nacharam', '500076', 'Medchal-Malkajgiri']],
      ['Road No. 12', 'Road No. 36', 'HITEC City Main Road', 'Sarojini Devi Road', 'Somajiguda Road', 'IDA Main Road']),
    city('Warangal', 'Hanamkonda', [['Hanamkonda', '506001'], ['Kazipet', '506003']], ['Nakkalagutta Road', 'Station Road']),
  ] },
  { gstCode: '37', cinCode: 'AP', roc: 'ROC Vijayawada', weight: 3, regions: [['telugu', 8], ['muslim', 0.6]], cities: [
    city('Visakhapatnam', 'Visakhapatnam', [['Dwaraka Nagar', '530016'], ['MVP Colony', '530017'], ['Gajuwaka', '530026'], ['Autonagar', '530012']], ['Beach Road', 'Asilmetta Road']),
    city('Vijayawada', 'NTR', [['Benz Circle', '520010'], ['Governorpet', '520002'], ['Auto Nagar', '520007']], ['MG Road', 'Eluru Road']),
    city('Guntur', 'Guntur', [['Brodipet', '522002'], ['Nallapadu', '522005']], ['Main Road', 'Amaravathi Road']),
  ] },
  { gstCode: '08', cinCode: 'RJ', roc: 'ROC Jaipur', weight: 4, regions: [['hindi', 8], ['muslim', 0.7], ['punjabi', 0.3]], cities: [
    city('Jaipur', 'Jaipur', [['C Scheme', '302001'], ['Malviya Nagar', '302017'], ['Sitapura Industrial Area', '302022'], ['Vishwakarma Industrial Area', '302013'], ['Mansarovar', '302020'], ['Vaishali Nagar', '302021'], ['Johari Bazar', '302003']], ['MI Road', 'Tonk Road', 'Ajmer Road', 'JLN Marg']),
    city('Jodhpur', 'Jodhpur', [['Sardarpura', '342003'], ['Basni Industrial Area', '342005']], ['Residency Road', 'Pal Road']),
    city('Udaipur', 'Udaipur', [['Madri Industrial Area', '313003'], ['Hiran Magri', '313002']], ['Sukhadia Circle Road', 'Hospital Road']),
    city('Kota', 'Kota', [['Talwandi', '324005'], ['Dadabari', '324009']], ['Jhalawar Road', 'Station Road']),
  ] },
  { gstCode: '32', cinCode: 'KL', roc: 'ROC Ernakulam', weight: 3, regions: [['malayali', 8], ['muslim', 0.8]], cities: [
    city('Kochi', 'Ernakulam', [['Kakkanad', '682030'], ['Edappally', '682024'], ['Palarivattom', '682025'], ['Ernakulam South', '682016'], ['Kalamassery', '683104'], ['Vyttila', '682019']], ['MG Road', 'Banerji Road', 'Seaport-Airport Road', 'NH Bypass']),
    city('Thiruvananthapuram', 'Thiruvananthapuram', [['Kazhakkoottam', '695581'], ['Pattom', '695004'], ['Vazhuthacaud', '695014']], ['MG Road', 'Kowdiar Road']),
    city('Kozhikode', 'Kozhikode', [['Mavoor Road', '673004'], ['Nadakkavu', '673011'], ['West Hill', '673005']], ['Mavoor Road', 'Kannur Road']),
    city('Thrissur', 'Thrissur', [['Round North', '680001'], ['Punkunnam', '680002'], ['Ayyanthole', '680003']], ['Round North', 'Shoranur Road']),
  ] },
  { gstCode: '23', cinCode: 'MP', roc: 'ROC Gwalior', weight: 3, regions: [['hindi', 8], ['muslim', 0.8], ['marathi', 0.4]], cities: [
    city('Indore', 'Indore', [['Vijay Nagar', '452010'], ['Palasia', '452001'], ['Sanwer Road Industrial Area', '452015'], ['Pithampur', '454775', 'Dhar']], ['AB Road', 'MG Road', 'Ring Road']),
    city('Bhopal', 'Bhopal', [['MP Nagar', '462011'], ['Arera Colony', '462016'], ['Govindpura Industrial Area', '462023'], ['Kolar Road', '462042']], ['Hoshangabad Road', 'Link Road No. 1']),
    city('Gwalior', 'Gwalior', [['Lashkar', '474009'], ['City Centre', '474011']], ['Jhansi Road', 'Station Road']),
    city('Jabalpur', 'Jabalpur', [['Napier Town', '482001'], ['Wright Town', '482002'], ['Richhai Industrial Area', '482010']], ['Russel Chowk Road', 'Civic Centre Road']),
  ] },
  { gstCode: '03', cinCode: 'PB', roc: 'ROC Chandigarh', weight: 2.5, regions: [['punjabi', 8], ['hindi', 1.5]], cities: [
    city('Ludhiana', 'Ludhiana', [['Focal Point', '141010'], ['Model Town', '141002'], ['Ferozepur Road', '141001'], ['Dugri', '141013'], ['Gill Road', '141003']], ['GT Road', 'Ferozepur Road', 'Gill Road']),
    city('Amritsar', 'Amritsar', [['Lawrence Road', '143001'], ['Ranjit Avenue', '143001'], ['Verka', '143501']], ['GT Road', 'Majitha Road']),
    city('Jalandhar', 'Jalandhar', [['Focal Point', '144004'], ['Model Town', '144003'], ['Basti Sheikh', '144002']], ['GT Road', 'Nakodar Road']),
    city('Mohali', 'SAS Nagar', [['Industrial Area Phase 8', '160071'], ['Sector 70', '160062']], ['Airport Road', 'Sector Road']),
  ] },
  { gstCode: '06', cinCode: 'HR', roc: 'ROC Delhi', weight: 3.5, regions: [['hindi', 6], ['punjabi', 2.5], ['muslim', 0.3]], cities: [
    city('Gurugram', 'Gurugram', [['Udyog Vihar', '122016'], ['DLF Cyber City', '122002'], ['Sohna Road', '122018'], ['Sector 44', '122003'], ['Manesar', '122050']], ['Golf Course Road', 'MG Road', 'NH-48', 'Sohna Road']),
    city('Faridabad', 'Faridabad', [['NIT', '121001'], ['Ballabgarh', '121004'], ['Sector 16', '121002']], ['Mathura Road', 'Sector Road']),
    city('Panipat', 'Panipat', [['GT Road', '132103'], ['Sector 29', '132103']], ['GT Road', 'Assandh Road']),
    city('Sonipat', 'Sonipat', [['Kundli', '131028'], ['Rai', '131029']], ['GT Road', 'Industrial Estate Road']),
  ] },
  { gstCode: '04', cinCode: 'CH', roc: 'ROC Chandigarh', weight: 0.6, regions: [['punjabi', 5], ['hindi', 3]], cities: [
    city('Chandigarh', 'Chandigarh', [['Industrial Area Phase I', '160002'], ['Sector 17', '160017'], ['Sector 34', '160022'], ['Manimajra', '160101']], ['Madhya Marg', 'Dakshin Marg', 'Purv Marg']),
  ] },
  { gstCode: '21', cinCode: 'OR', roc: 'ROC Cuttack', weight: 1.5, regions: [['odia', 8], ['bengali', 0.5], ['hindi', 0.5]], cities: [
    city('Bhubaneswar', 'Khordha', [['Saheed Nagar', '751007'], ['Chandrasekharpur', '751016'], ['Mancheswar Industrial Estate', '751010'], ['Patia', '751024'], ['Nayapalli', '751012']], ['Janpath', 'Cuttack Road', 'NH-16 Service Road']),
    city('Cuttack', 'Cuttack', [['Jagatpur', '754021'], ['Buxi Bazar', '753001'], ['Link Road', '753012']], ['Link Road', 'College Square Road']),
  ] },
  { gstCode: '10', cinCode: 'BR', roc: 'ROC Patna', weight: 1.2, regions: [['hindi', 8], ['muslim', 1]], cities: [
    city('Patna', 'Patna', [['Fraser Road', '800001'], ['Kankarbagh', '800020'], ['Patliputra Industrial Area', '800013'], ['Boring Road', '800001']], ['Fraser Road', 'Exhibition Road', 'Bailey Road']),
    city('Hajipur', 'Vaishali', [['Industrial Area', '844101']], ['Station Road']),
  ] },
  { gstCode: '20', cinCode: 'JH', roc: 'ROC Ranchi', weight: 1, regions: [['hindi', 7], ['bengali', 1], ['muslim', 0.6]], cities: [
    city('Ranchi', 'Ranchi', [['Main Road', '834001'], ['Lalpur', '834001'], ['Namkum', '834010']], ['Main Road', 'Circular Road', 'Kanke Road']),
    city('Jamshedpur', 'East Singhbhum', [['Bistupur', '831001'], ['Sakchi', '831001'], ['Adityapur', '831013', 'Seraikela-Kharsawan'], ['Sonari', '831011']], ['Main Road', 'Kalimati Road']),
  ] },
  { gstCode: '22', cinCode: 'CT', roc: 'ROC Chhattisgarh', weight: 0.8, regions: [['hindi', 8]], cities: [
    city('Raipur', 'Raipur', [['Pandri', '492004'], ['Shankar Nagar', '492007'], ['Urla Industrial Area', '493221'], ['Siltara', '493111']], ['GE Road', 'VIP Road']),
    city('Bilaspur', 'Bilaspur', [['Vyapar Vihar', '495001']], ['Link Road', 'Ring Road No. 2']),
  ] },
  { gstCode: '30', cinCode: 'GA', roc: 'ROC Goa', weight: 0.6, regions: [['marathi', 3], ['kannada', 1], ['hindi', 1]], cities: [
    city('Panaji', 'North Goa', [['Patto Plaza', '403001'], ['Porvorim', '403521']], ['Dr. Atmaram Borkar Road', 'Dayanand Bandodkar Marg']),
    city('Margao', 'South Goa', [['Station Road', '403601'], ['Verna Industrial Estate', '403722'], ['Vasco da Gama', '403802']], ['Station Road', 'Abade Faria Road']),
  ] },
  { gstCode: '18', cinCode: 'AS', roc: 'ROC Shillong', weight: 0.8, regions: [['assamese', 6], ['bengali', 2], ['hindi', 1]], cities: [
    city('Guwahati', 'Kamrup Metropolitan', [['GS Road', '781005'], ['Paltan Bazar', '781008'], ['Fancy Bazar', '781001'], ['Bamunimaidam', '781021'], ['Beltola', '781028']], ['GS Road', 'AT Road', 'RG Baruah Road']),
  ] },
  { gstCode: '05', cinCode: 'UT', roc: 'ROC Uttarakhand', weight: 0.6, regions: [['hindi', 8], ['punjabi', 1]], cities: [
    city('Dehradun', 'Dehradun', [['Rajpur Road', '248001'], ['Selaqui', '248197'], ['Clement Town', '248002']], ['Rajpur Road', 'Haridwar Road']),
    city('Haridwar', 'Haridwar', [['SIDCUL', '249403'], ['Jwalapur', '249407']], ['Delhi-Haridwar Road', 'Ranipur Mor']),
  ] },
  { gstCode: '02', cinCode: 'HP', roc: 'ROC Chandigarh', weight: 0.5, regions: [['hindi', 6], ['punjabi', 2]], cities: [
    city('Baddi', 'Solan', [['Baddi Industrial Area', '173205'], ['Jharmajri', '174103'], ['Nalagarh', '174101']], ['Baddi-Nalagarh Road', 'Industrial Area Road']),
    city('Shimla', 'Shimla', [['The Mall', '171001'], ['Sanjauli', '171006']], ['The Mall', 'Cart Road']),
  ] },
  { gstCode: '01', cinCode: 'JK', roc: 'ROC Jammu', weight: 0.4, regions: [['hindi', 3], ['muslim', 4], ['punjabi', 1]], cities: [
    city('Jammu', 'Jammu', [['Gandhi Nagar', '180004'], ['Digiana', '180010'], ['Bari Brahmana', '181133', 'Samba']], ['Residency Road', 'Bypass Road']),
    city('Srinagar', 'Srinagar', [['Lal Chowk', '190001'], ['Rangreth Industrial Area', '190007']], ['Residency Road', 'Maulana Azad Road']),
  ] },
  { gstCode: '34', cinCode: 'PY', roc: 'ROC Pondicherry', weight: 0.3, regions: [['tamil', 8]], cities: [
    city('Puducherry', 'Puducherry', [['Mission Street', '605001'], ['Mettupalayam Industrial Estate', '605009'], ['Lawspet', '605008']], ['Mission Street', 'Cuddalore Road']),
  ] },
];

/** State indices by their share of sandbox businesses. */
export const STATE_WEIGHTS = indexWeightTable(STATES.map((state) => state.weight));

export function stateName(state: StatePlaces): string {
  const name = GST_STATES[state.gstCode];
  if (name === undefined) throw new Error(`no GST state ${state.gstCode}`);
  return name;
}

/** A place packed into one number (state, city, locality), so records stay small. */
export function packPlace(state: number, city: number, locality: number): number {
  return (state << 16) | (city << 8) | locality;
}

export interface PlaceParts {
  state: StatePlaces;
  city: City;
  locality: Locality;
}

export function unpackPlace(place: number): PlaceParts {
  const state = STATES[place >>> 16];
  const city = state?.cities[(place >>> 8) & 0xff];
  const locality = city?.localities[place & 0xff];
  if (state === undefined || city === undefined || locality === undefined) throw new Error(`bad place ${place}`);
  return { state, city, locality };
}

/** Finds a place by names; for the hand-built scenario entities. */
export function placeOf(gstCode: string, cityName: string, localityName: string): number {
  const stateIndex = STATES.findIndex((s) => s.gstCode === gstCode);
  const state = STATES[stateIndex];
  if (state === undefined) throw new Error(`no sandbox state ${gstCode}`);
  for (const [cityIndex, c] of state.cities.entries()) {
    if (c.name !== cityName) continue;
    const localityIndex = c.localities.findIndex(([name]) => name === localityName);
    if (localityIndex >= 0) return packPlace(stateIndex, cityIndex, localityIndex);
  }
  throw new Error(`no sandbox locality ${localityName}, ${cityName} in state ${gstCode}`);
}
