import { describe, expect, it } from 'vitest';
import { parseAddressString } from '../../src/domain/address-string.js';

describe('parseAddressString', () => {
  it('reads the simulator form line1, locality, city, state, India, pincode', () => {
    expect(parseAddressString('Office No. 105, Acme Towers, MG Road, Indiranagar, Bengaluru, Karnataka, India, 560038')).toEqual({
      line1: 'Office No. 105, Acme Towers, MG Road',
      locality: 'Indiranagar',
      city: 'Bengaluru',
      district: 'Bengaluru',
      state: 'Karnataka',
      pincode: '560038',
    });
  });

  it('takes the district from a "District X" part and keeps it out of the other parts', () => {
    expect(parseAddressString('Plot No. A-12, Najafgarh Road, Naraina, New Delhi, District South West Delhi, Delhi, India, 110028')).toEqual({
      line1: 'Plot No. A-12, Najafgarh Road',
      locality: 'Naraina',
      city: 'New Delhi',
      district: 'South West Delhi',
      state: 'Delhi',
      pincode: '110028',
    });
  });

  it('reads a pincode glued to the state, "Dist." districts, doubled commas and INDIA in capitals', () => {
    expect(parseAddressString('Survey No. 112/3,, Avinashi Road , Peelamedu, Coimbatore, Dist. Coimbatore North, TAMIL NADU 641004, INDIA')).toEqual({
      line1: 'Survey No. 112/3, Avinashi Road',
      locality: 'Peelamedu',
      city: 'Coimbatore',
      district: 'Coimbatore North',
      state: 'Tamil Nadu',
      pincode: '641004',
    });
  });

  it('gives the state its GST-table name whatever the spelling (Orissa, NCT of Delhi, Jammu and Kashmir)', () => {
    expect(parseAddressString('1, Station Road, Cuttack, Orissa, 753001').state).toBe('Odisha');
    expect(parseAddressString('1, Ring Road, Lajpat Nagar, New Delhi, NCT of Delhi, 110024').state).toBe('Delhi');
    expect(parseAddressString('4, Residency Road, Srinagar, Jammu and Kashmir, 190001').state).toBe('Jammu & Kashmir');
  });

  it('reads a pincode written with a space and a pincode with a country glued to it', () => {
    expect(parseAddressString('12, Park Street, Kolkata, West Bengal, 700 016').pincode).toBe('700016');
    expect(parseAddressString('12, Park Street, Kolkata, West Bengal, India-700016')).toMatchObject({ state: 'West Bengal', pincode: '700016', city: 'Kolkata' });
  });

  it('leaves missing parts empty when there are too few', () => {
    expect(parseAddressString('Mumbai, Maharashtra')).toEqual({ line1: '', locality: '', city: 'Mumbai', district: 'Mumbai', state: 'Maharashtra', pincode: '' });
    expect(parseAddressString('')).toEqual({ line1: '', locality: '', city: '', district: '', state: '', pincode: '' });
  });

  it('keeps every part as address lines when no state is named', () => {
    expect(parseAddressString('Shop 4, Main Bazaar, Old Town, Somewhere, 123456')).toEqual({
      line1: 'Shop 4, Main Bazaar',
      locality: 'Old Town',
      city: 'Somewhere',
      district: 'Somewhere',
      state: '',
      pincode: '123456',
    });
  });

  it('does not read a word that merely starts with "Dist" as a district', () => {
    expect(parseAddressString('5, Distillery Road, Aundh, Pune, Maharashtra, 411007')).toMatchObject({ line1: '5, Distillery Road', district: 'Pune' });
  });
});
