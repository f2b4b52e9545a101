/** Every shipped HTTP adapter; the sources file (BV_SOURCES) picks among them by name. */
import type { AdapterDefinition } from '../adapter.js';
import { gstnGsp } from './gstn-gsp/gstn-gsp.js';
import { kybAggregator } from './kyb-aggregator/kyb-aggregator.js';
import { mcaMaster } from './mca-master/mca-master.js';
import { nicEinvoice } from './nic-einvoice/nic-einvoice.js';
import { panAggregator } from './pan-aggregator/pan-aggregator.js';

export const ADAPTERS: readonly AdapterDefinition[] = Object.freeze([gstnGsp, nicEinvoice, panAggregator, mcaMaster, kybAggregator]);
