/**
 * Indian personal names by naming tradition. Names are upper case, as PAN and MCA records
 * carry them. The middle-name style follows each tradition: a father's or husband's name in
 * Maharashtra and Gujarat (often with "BHAI" in Gujarat), KUMAR/DEVI in the Hindi belt,
 * SINGH/KAUR in Punjab.
 */

export type RegionId =
  | 'hindi'
  | 'punjabi'
  | 'marathi'
  | 'gujarati'
  | 'bengali'
  | 'tamil'
  | 'malayali'
  | 'telugu'
  | 'kannada'
  | 'odia'
  | 'assamese'
  | 'muslim';

export type MiddleStyle = 'kumar' | 'singh' | 'father' | 'father-bhai' | 'occasional';

export interface NameRegion {
  male: readonly string[];
  female: readonly string[];
  surnames: readonly string[];
  middle: MiddleStyle;
}

const words = (text: string): readonly string[] => Object.freeze(text.trim().split(/\s+/));

export const NAME_REGIONS: Readonly<Record<RegionId, NameRegion>> = Object.freeze({
  hindi: {
    male: words(`RAJESH SURESH AMIT ANIL SUNIL VIJAY SANJAY MANOJ RAKESH ASHOK DINESH RAHUL ROHIT VIKAS
      PANKAJ DEEPAK ALOK ARVIND PRAMOD VINOD SHYAM MUKESH NITIN SAURABH ABHISHEK GAURAV ANKIT ARUN
      AJAY YOGESH HEMANT NAVEEN PRADEEP SHIV RAMESH MAHENDRA NARENDRA RAVI SACHIN VIVEK`),
    female: words(`SUNITA ANITA KAVITA POOJA NEHA PRIYANKA REKHA SEEMA MEENA SAVITA ANJALI SHALINI RITU
      NISHA PREETI ARCHANA MAMTA VANDANA SHWETA SONAL AARTI GEETA SUMAN USHA KIRAN`),
    surnames: words(`SHARMA VERMA GUPTA AGARWAL SINGH YADAV MISHRA TIWARI PANDEY SRIVASTAVA CHAUHAN JAIN
      SAXENA TRIPATHI DUBEY CHAUDHARY RASTOGI MAHESHWARI GOYAL BANSAL MITTAL SINGHAL KUSHWAHA THAKUR
      RATHORE SHEKHAWAT SHUKLA DWIVEDI AGNIHOTRI GARG KHANDELWAL JINDAL OSWAL PRASAD SINHA`),
    middle: 'kumar',
  },
  punjabi: {
    male: words(`GURPREET HARPREET JASPREET MANPREET AMARJEET KULDEEP SUKHWINDER RAJINDER HARJIT BALJIT
      PARAMJIT INDERJIT NAVDEEP GAGANDEEP ARJUN KARAN VIKRAM SANDEEP JASWINDER RAVINDER`),
    female: words(`HARPREET SIMRAN JASLEEN MANJEET KULWINDER NAVNEET RUPINDER AMANDEEP GURLEEN PARMINDER
      JASMEET RAMANDEEP`),
    surnames: words(`GILL SANDHU SIDHU DHILLON GREWAL BRAR MALHOTRA KAPOOR KHANNA ARORA CHOPRA BHATIA SETHI
      AHUJA BEDI SODHI WALIA BAJWA KOHLI OBEROI`),
    middle: 'singh',
  },
  marathi: {
    male: words(`SANJAY SACHIN PRASHANT MAHESH GANESH SANTOSH RAJENDRA VIJAY NILESH SWAPNIL AMOL TUSHAR
      PRAVIN ANIKET ABHIJIT SUHAS MILIND SHRIKANT VASANT DATTATRAY AJIT UDAY MANGESH ROHAN OMKAR
      MADHUKAR RAMCHANDRA SURESH DILIP ANAND`),
    female: words(`SUPRIYA ASHWINI MADHURI SHUBHANGI VAISHALI PRAJAKTA SNEHAL MANISHA SWATI RUPALI SAYALI
      VRUSHALI SHRADDHA ANAGHA MRUNAL SMITA`),
    surnames: words(`KULKARNI DESHMUKH PATIL JOSHI DESHPANDE GOKHALE PAWAR JADHAV SHINDE MORE KALE GAIKWAD
      BHOSALE CHAVAN SAWANT NAIK KADAM APTE RANADE PHADKE KARANDIKAR WAGH MANE SALUNKHE THAKARE
      KULTHE DHARMADHIKARI`),
    middle: 'father',
  },
  gujarati: {
    male: words(`RAJESH MEHUL HITESH KETAN NILESH PARESH JIGNESH BHAVESH CHIRAG HARDIK DHAVAL KAMLESH
      MUKESH PIYUSH TEJAS VIPUL JAYESH ALPESH BHARAT DILIP RAMESH NARESH`),
    female: words(`HETAL NEHA PRIYA KINJAL BHAVNA DIPTI FALGUNI JAGRUTI KOMAL MITAL NIRALI PAYAL RUPAL
      SEJAL URVASHI`),
    surnames: words(`PATEL SHAH MEHTA DESAI JOSHI PANDYA TRIVEDI BHATT PARIKH GANDHI DAVE VYAS SHETH CHOKSI
      MODI THAKKAR AMIN DOSHI KOTHARI VORA SONI PANCHAL`),
    middle: 'father-bhai',
  },
  bengali: {
    male: words(`SOUMYA ARINDAM DEBASHIS SUBRATA PARTHA ABHIJIT SUDIP SANJOY INDRANIL KAUSHIK ANIRBAN
      TAPAS BISWAJIT SOURAV PRASENJIT SUMAN AMITAVA RANAJIT`),
    female: words(`SUMITA RITA MOUMITA SUDESHNA PAROMITA ANINDITA SAYANTANI DEBJANI TANUSHREE RUPA
      SHARMISTHA MADHUMITA PAPIA SUSMITA`),
    surnames: words(`BANERJEE CHATTERJEE MUKHERJEE BHATTACHARYA GANGULY SEN BOSE DAS GHOSH DUTTA ROY
      CHAKRABORTY SARKAR MAJUMDAR PAL SAHA BISWAS MITRA NANDI KUNDU`),
    middle: 'occasional',
  },
  tamil: {
    male: words(`RAMESH SURESH KARTHIK SENTHIL MURUGAN SARAVANAN VENKATESH BALAJI ARUN PRAKASH GANESH
      RAJKUMAR SIVAKUMAR ANAND DINESH KANNAN SELVAM MANIKANDAN VIGNESH ARAVIND`),
    female: words(`LAKSHMI PRIYA DIVYA KAVITHA MEENAKSHI DEEPA GAYATHRI REVATHI SANGEETHA VIDHYA SUDHA
      JAYANTHI KALAIVANI SARANYA NIRMALA`),
    surnames: words(`IYER IYENGAR PILLAI MUDALIAR CHETTIAR GOUNDER NADAR RAJAN KRISHNAN SUBRAMANIAN
      RAMASWAMY SUNDARAM VENKATARAMAN NATARAJAN BALASUBRAMANIAN SRINIVASAN RAGHAVAN PANDIAN ARUMUGAM`),
    middle: 'occasional',
  },
  malayali: {
    male: words(`ANIL SURESH RAJESH BIJU SAJI SHAJI SANTHOSH PRADEEP JOSEPH THOMAS GEORGE MATHEW VINOD
      SUNIL HARI MANOJ DILEEP RENJITH SREEJITH ARJUN`),
    female: words(`LEKHA BINDU SINDHU DIVYA ANJU REMYA SREELAKSHMI ANITHA DEEPTHI ASHA ELIZABETH MARIYA
      TEENA JINCY PRIYA`),
    surnames: words(`NAIR MENON PILLAI KURUP PANICKER NAMBIAR WARRIER KUTTY THOMAS JOSEPH GEORGE MATHEW
      VARGHESE KURIAN CHACKO ABRAHAM EAPEN NAMBOODIRI`),
    middle: 'occasional',
  },
  telugu: {
    male: words(`SRINIVAS VENKATESH RAVI SURESH RAMESH NAGARAJU SRIKANTH KIRAN PRASAD RAGHU MAHESH PAVAN
      CHANDRA SATISH SUDHAKAR VAMSI HARISH NAVEEN KRISHNA SAI`),
    female: words(`LAKSHMI SRILATHA PADMA SWAPNA KALYANI ANUSHA BHAVANI SIREESHA MADHAVI HARITHA SOWJANYA
      DEEPIKA RADHIKA SRAVANI`),
    surnames: words(`REDDY RAO NAIDU CHOWDARY VARMA RAJU GOUD MURTHY SASTRY BABU KONDA GADDAM BOMMA ALLURI
      KOTHAPALLI YADAV`),
    middle: 'occasional',
  },
  kannada: {
    male: words(`MANJUNATH NAGESH SHIVAKUMAR PRASANNA RAGHAVENDRA GIRISH PRAVEEN VINAY SANTOSH SURESH
      MAHESH CHANDRASHEKAR BASAVARAJ SIDDESH DARSHAN PRAJWAL KIRAN RAVINDRA`),
    female: words(`SHWETHA PAVITHRA RASHMI SUMA ASHA VEENA SAVITHA NANDINI SHILPA VIDYA RAKSHITHA BHAGYA
      MAMATHA CHAITHRA`),
    surnames: words(`GOWDA SHETTY HEGDE KAMATH RAO BHAT PAI SHENOY NAYAK KULKARNI PATIL HIREMATH KARANTH
      ACHARYA ADIGA MALLYA BALIGA PRABHU`),
    middle: 'occasional',
  },
  odia: {
    male: words(`PRADEEP SUBRAT DEBASIS PRASANTA SUSANTA MANAS AMIYA BIBHUTI RANJAN SOUMYA SANJAYA ASHOK`),
    female: words(`SASMITA SUBHASHREE MAMATA LOPAMUDRA SANGHAMITRA PRATIMA SWAGATIKA ITISHREE`),
    surnames: words(`MOHANTY PATNAIK DAS MISHRA SAHOO PANDA NAYAK SWAIN ROUT JENA BEHERA PRADHAN TRIPATHY
      MOHAPATRA DASH`),
    middle: 'occasional',
  },
  assamese: {
    male: words(`BHASKAR DIGANTA PRANJAL RAJIB HIMANGSHU NABAJIT BIKASH MRINAL DHRUBA`),
    female: words(`PUBALI DEEPSHIKHA NILAKSHI MOUSUMI PRIYAKSHI JUNMONI`),
    surnames: words(`BARUAH GOGOI BORA SAIKIA HAZARIKA KALITA DAS PHUKAN BORTHAKUR`),
    middle: 'occasional',
  },
  muslim: {
    male: words(`MOHAMMED MOHD ABDUL IMRAN IRFAN SALIM RAFIQ JAVED ARIF SHAHID FAROOQ NASIR AAMIR ZAHEER
      SAJID ASIF WASIM TARIQ`),
    female: words(`FATIMA AYESHA SHABANA NAZIA FARHA RUKHSAR SHAHEEN NAZNEEN SALMA ZAINAB RESHMA SANA
      TABASSUM`),
    surnames: words(`KHAN SHAIKH ANSARI QURESHI SIDDIQUI SAYYED MIRZA PATHAN MEMON BEG HUSSAIN ALI MALIK
      RIZVI ZAIDI FAROOQUI`),
    middle: 'occasional',
  },
});

/** A name in its words; `middle` is '' when there is none. */
export interface PersonName {
  first: string;
  middle: string;
  surname: string;
}

/** The name as a PAN or DIN record shows it. */
export function fullName(name: PersonName): string {
  return name.middle === '' ? `${name.first} ${name.surname}` : `${name.first} ${name.middle} ${name.surname}`;
}

/** Chooses the words of a name in the order and style a PAN or DIN record would show it. */
export function composeName(
  region: NameRegion,
  female: boolean,
  first: string,
  surname: string,
  roll: number,
  fatherOrSpouse: string,
): PersonName {
  let middle = '';
  switch (region.middle) {
    case 'kumar':
      if (!female && roll < 0.35) middle = 'KUMAR';
      else if (female && roll < 0.12) middle = 'DEVI';
      break;
    case 'singh':
      // Many Sikh names end in SINGH or KAUR with no family name at all.
      if (roll < 0.4) return { first, middle: '', surname: female ? 'KAUR' : 'SINGH' };
      middle = female ? 'KAUR' : 'SINGH';
      break;
    case 'father':
      if (roll < 0.8) middle = fatherOrSpouse;
      break;
    case 'father-bhai':
      if (roll < 0.7) middle = female ? fatherOrSpouse : `${fatherOrSpouse}BHAI`;
      break;
    case 'occasional':
      if (roll < 0.15) middle = fatherOrSpouse;
      break;
  }
  return { first, middle, surname };
}
