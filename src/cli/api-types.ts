/**
 * The service's HTTP API as TypeScript types, generated from its OpenAPI document (GET /openapi.json)
 * by openapi-typescript. Do not edit: run `npm run gen:api-types` after changing the document.
 */

export interface paths {
    "/admin/v1/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Open an account with a sandbox and a live key (shown once)
         * @description balance_inr credits the live wallet; sandbox_balance_inr (added in issue 28; default 10,000) opens the sandbox wallet, which the sandbox key spends.
         */
        post: operations["createAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An account, its wallets (live: balance_inr, held_inr; added: sandbox_balance_inr, sandbox_held_inr) and rate limit */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Set an account's rate limit per key per minute */
        patch: operations["updateAccount"];
        trace?: never;
    };
    "/admin/v1/accounts/{id}/credits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Top up an account's wallet (a repeated reference is credited once)
         * @description environment (added in issue 28): live (the default) or sandbox, the wallet credited; each wallet has its own references.
         */
        post: operations["creditAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{id}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An account's keys, newest first: id, environment, the key's visible start, created and revoked times (never the key) */
        get: operations["listApiKeys"];
        put?: never;
        /** Issue another key (shown once) */
        post: operations["issueApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{id}/reconcile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check one account's ledger: top-ups - commits = balance + open holds, running balances, holds left past expiry */
        get: operations["reconcileAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/accounts/{id}/sandbox-clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An account's sandbox clock offset */
        get: operations["getSandboxClock"];
        put?: never;
        /** Move an account's sandbox clock (drifting scenarios change with it) */
        post: operations["moveSandboxClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a key (it fails at once, in every API process) */
        delete: operations["revokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/ledger/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export one account's ledger, or every account's, as JSON lines since a previous export (backups)
         * @description Addition (issue 26). One line per entry: account_id, id, type (topup, hold, commit, release), amount_inr, balance_inr, reference, at; oldest first within each account. The Ledger-Cursor response header is where this export ends: pass it as `after` to the next export to get every later entry exactly once, while money keeps moving. No header: there are no entries at all yet.
         */
        get: operations["exportLedger"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/reconcile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check every account's ledger */
        get: operations["reconcileAllAccounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/v1/sources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Upstream sources: circuit state, in flight, recent errors */
        get: operations["listSources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["checkLiveness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics (admin token) */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness: Redis takes writes and has memory headroom; a summary of source health
         * @description Plain JSON, not the envelope: 200 while Redis answers, accepts a write and uses under 90% of its maxmemory; 503 otherwise, with `redis` and `reason` saying why.
         */
        get: operations["checkReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's bulk jobs, newest first
         * @description The jobs made with this key's environment (sandbox or live). Page with limit (at most 100, the default) and cursor: pass next_cursor as cursor for the next page; it is null on the last. The next page follows even when the cursor's job has expired since.
         */
        get: operations["listBulkJobs"];
        put?: never;
        /**
         * Start a bulk job from a CSV upload or JSON rows
         * @description multipart/form-data with parts operation, file (the CSV; a header row naming the identifier columns), and optional name and webhook_url; or JSON {operation, rows, name?, webhook_url?}. The maximum cost is held at intake (402 and nothing queued when short); invalid rows are reported in the results and never billed; identical requests are verified and billed once. 429 RATE_LIMITED (with Retry-After) when the account is at a quota: BV_MAX_OPEN_JOBS_PER_ACCOUNT unfinished jobs (default 20), or its stored job files at BV_MAX_RESULT_BYTES_PER_ACCOUNT bytes; nothing is held, queued or kept.
         */
        post: operations["createBulkJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A bulk job: status, progress counts, ETA and money */
        get: operations["getBulkJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/jobs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a bulk job: queued rows stop and the rest of the hold is released */
        post: operations["cancelBulkJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/jobs/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live progress as Server-Sent Events
         * @description One `progress` event with the job (as GET /v1/bulk/jobs/{id} shows it) whenever it changes, then a final event when it finishes; comments as heartbeats.
         */
        get: operations["streamBulkJobEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/jobs/{id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A finished job's result rows, filtered and paged (added in issue 28)
         * @description The rows of results.jsonl in input order, each exactly as its line there, without downloading the file. Filters (all optional, combined with AND): outcome (ok, not_found, failed, invalid, cancelled, duplicate; duplicate = a row repeating an earlier one, marked duplicate_of; the others are the row's status), field and value (the operation's key field: status for gst.verify (data.status), level for business360 (data.summary.risk.level), valid for pan.verify (data.valid), status for mca.company (data.status), verdict for itc.check (data.verdict); field and value in any case), problems=true (rows someone should look at: any outcome but ok, or a record whose key field is not its fine value: a GSTIN or company not Active, a Business360 risk not low, a PAN not valid; a duplicate counts as its first row), q (a search of the row's input cells and the record's names: legal, trade, registered or company name, ignoring case and Latin accents on both sides: cafe finds Café). Page with limit (1 to 100, default 50) and cursor = the previous page's next_cursor (null on the last page). A cursor holds the byte offset in results.jsonl where its page starts, so each page reads from there; a page reads at most 10,000 lines, so with a rare filter a page may hold fewer rows than limit, even none, while next_cursor leads on: follow it until it is null. A cursor of another job, or one altered, is a 400 naming cursor. Before the job has its results: 409 RESULTS_NOT_READY with Retry-After, as the downloads.
         */
        get: operations["listBulkJobResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/jobs/{id}/results.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The result file as CSV, one row per input row in input order */
        get: operations["downloadBulkJobResultsCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/jobs/{id}/results.jsonl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The result file as JSON lines, one per input row in input order */
        get: operations["downloadBulkJobResultsJsonl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/jobs/{id}/results.xlsx": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The result file as an Excel workbook: results.csv's rows and cells (added in issue 28)
         * @description One sheet, Results: the same columns, rows and cells as results.csv, except that a cell results.csv escapes with a leading quote keeps its own text here and has Excel's quote-prefix style (quotePrefix), so it stays text, also when edited; the header bold, frozen and with an autofilter; every cell text in the text format (an identifier keeps its leading zeros and never turns into a number) except row, charged_inr and duplicate_of, which are numbers (charged_inr to two decimals). Rows someone should look at are filled light red (filter by colour): any outcome but ok, or a record whose key field is not fine (a GSTIN or company not Active, a Business360 risk not low, a PAN not valid). Excel holds 1,048,576 rows: a larger job's sheet ends with a row saying the rest are in results.csv. A job finished before this file existed answers 404: its results.csv has the same rows.
         */
        get: operations["downloadBulkJobResultsXlsx"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/jobs/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a finished job's failed rows as a new job (added in issue 28)
         * @description Makes a new job of the rows that ended failed (their source unavailable or timing out after every attempt; also rows a broken chunk left failed), with their original row numbers, input cells and the job's webhook_url, and each failed row's duplicates riding on it again. It is held, billed, queued and limited as an upload (402 when the wallet cannot hold it, 429 at the account's quotas) and answers as POST /v1/bulk/jobs does, with retry_of. The two jobs are linked: the new one's retry_of, the old one's retried_by. A job's failed rows are retried once: a second retry is a 400 naming the retry job (retry that one's failed rows instead); an Idempotency-Key replays the first answer. 409 RUN_IN_PROGRESS (with Retry-After) while the job is still queued or running; 400 when it has no failed rows (not_found and invalid rows are answers, never retried); the new job is named '<name> (retry of failed rows)', then '<name> (retry 2 of failed rows)', and so on; 404 for a job that failed before it had results.
         */
        post: operations["retryBulkJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/jobs/{id}/suppliers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An itc.check job's suppliers as JSON, ranked by tax at risk, paged, with totals (added in issue 29)
         * @description For a purchase register (operation itc.check) only; any other job answers 404. The lines of suppliers.csv as JSON (exact values: no formula escaping), each with its rank, the count of invoices per verdict in verdicts, and the job's totals on every page. Page with limit (1 to 100, default 50) and cursor = the previous page's next_cursor (null on the last page); a cursor holds the byte where its page starts, so a page reads only its own suppliers. A cursor of another job, or one altered, is a 400 naming cursor. Before the job has its results: 409 RESULTS_NOT_READY with Retry-After. A supplier's invoices: GET /v1/bulk/jobs/{id}/results?q=<gstin>.
         */
        get: operations["listBulkJobSuppliers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/jobs/{id}/suppliers.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An itc.check job's suppliers: one line per supplier, ranked by tax at risk (added in issue 29)
         * @description For a purchase register (operation itc.check) only; any other job answers 404. Per distinct supplier: gstin, name, invoices, tax_inr, tax_at_risk_inr, worst_verdict, earliest_deadline, the count of invoices per verdict, gst_status, taxpayer_type, filing_frequency, check_status (ok, not_found, failed or cancelled: whether its GST Verify and GST Returns were delivered), error_message and charged_inr (₹1.75 once per supplier checked). Added up from the invoice rows of results.csv, sorted by tax_at_risk_inr then tax_inr, most first. UTF-8 with a byte order mark, CRLF, as results.csv.
         */
        get: operations["downloadBulkJobSuppliersCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/jobs/{id}/suppliers.xlsx": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * suppliers.csv as an Excel workbook (added in issue 29)
         * @description One sheet, Suppliers: the same columns and rows as suppliers.csv; counts and rupee amounts are numbers; suppliers with tax at risk, or whose checks were not delivered, are filled light red.
         */
        get: operations["downloadBulkJobSuppliersXlsx"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/jobs/{id}/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Delivery attempts of the job's completion webhook */
        get: operations["listBulkJobWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/bulk/templates/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An upload template for an operation: {operation}.csv or {operation}.xlsx (added in issue 28)
         * @description The columns the operation reads (its identifiers first, then its optional columns) and one example row per identifier it takes, each a sandbox scenario's identifier, so the template uploaded with a sandbox key verifies as it is. The .xlsx template's columns are in the text format, so identifiers typed or pasted into it keep their leading zeros. Free, for any key. file is one of business360.csv, gst.verify.csv, gst.returns.csv, gst.by_pan.csv, pan.verify.csv, mca.company.csv, mca.search.csv, mca.cin_to_pan.csv, mca.directors.csv, mca.din.csv, itc.check.csv or the same with .xlsx; anything else is a 404.
         */
        get: operations["downloadBulkTemplate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/business360": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Business360: one profile from every source, with risk flags
         * @description Send exactly one of gstin, cin, pan, plus optional include. The service resolves the other identifiers, runs the chosen modules in parallel with source fallback and returns one profile. Each module is billed at its single-operation price only if it succeeds; the total never exceeds 10.00 INR. A module failure is reported in its wrapper, not as an error of the call.
         */
        post: operations["getBusiness360"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gst/by-pan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * GST by PAN: the GSTINs registered under a PAN
         * @description GST by PAN: the GSTINs registered under a PAN. Price 1.00 INR, charged only on success; every error is billed 0. With a sandbox key (bv_test_) the answer comes from the synthetic sandbox registry: the examples are its documented scenario identifiers (samples/sandbox-identifiers.json).
         */
        post: operations["listGstinsByPan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gst/itc-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * ITC check: which purchase invoices put input tax credit at risk, and by when to act (an addition)
         * @description Send a supplier's gstin and 1 to 100 of its invoices. The service runs GST Verify and GST Returns (back to the earliest invoice's period) and judges each invoice by the CGST Act and Rules: registration on the invoice date (s.16(2)(a), s.29), composition (s.10), suspension (r.21A), GSTR-1 furnished (s.16(2)(aa)), GSTR-3B filed (s.16(2)(c)), the Rule 37A reversal and the s.16(4) time limit (docs/itc-check.md has every reason code and its rule). Price 1.75 INR (GST Verify + GST Returns), charged only when both checks were delivered; if one fails the answer says which and nothing is billed. From public registration and filing data; not tax advice.
         */
        post: operations["checkItc"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gst/returns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * GST Returns: GSTR-1 and GSTR-3B filing history of a GSTIN
         * @description GST Returns: GSTR-1 and GSTR-3B filing history of a GSTIN. Price 1.00 INR, charged only on success; every error is billed 0. With a sandbox key (bv_test_) the answer comes from the synthetic sandbox registry: the examples are its documented scenario identifiers (samples/sandbox-identifiers.json).
         */
        post: operations["getGstReturns"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/gst/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * GST Verify: the GST registration of a GSTIN
         * @description GST Verify: the GST registration of a GSTIN. Price 0.75 INR, charged only on success; every error is billed 0. With a sandbox key (bv_test_) the answer comes from the synthetic sandbox registry: the examples are its documented scenario identifiers (samples/sandbox-identifiers.json).
         */
        post: operations["verifyGstin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mca/cin-to-pan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * CIN <-> PAN: map a CIN to its PAN or a company PAN back to its CIN or LLPIN
         * @description CIN <-> PAN: map a CIN to its PAN or a company PAN back to its CIN or LLPIN. Price 3.50 INR, charged only on success; every error is billed 0. With a sandbox key (bv_test_) the answer comes from the synthetic sandbox registry: the examples are its documented scenario identifiers (samples/sandbox-identifiers.json).
         */
        post: operations["mapCinPan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mca/company": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Company: MCA master data of a company (CIN) or LLP (LLPIN)
         * @description Company: MCA master data of a company (CIN) or LLP (LLPIN). Price 3.50 INR, charged only on success; every error is billed 0. With a sandbox key (bv_test_) the answer comes from the synthetic sandbox registry: the examples are its documented scenario identifiers (samples/sandbox-identifiers.json).
         */
        post: operations["getCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mca/din": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * DIN Lookup: a director and every company they are or were associated with
         * @description DIN Lookup: a director and every company they are or were associated with. Price 4.00 INR, charged only on success; every error is billed 0. With a sandbox key (bv_test_) the answer comes from the synthetic sandbox registry: the examples are its documented scenario identifiers (samples/sandbox-identifiers.json).
         */
        post: operations["lookupDin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mca/directors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Directors: the board of a company, or the designated partners of an LLP
         * @description Directors: the board of a company, or the designated partners of an LLP. Price 4.00 INR, charged only on success; every error is billed 0. With a sandbox key (bv_test_) the answer comes from the synthetic sandbox registry: the examples are its documented scenario identifiers (samples/sandbox-identifiers.json).
         */
        post: operations["listDirectors"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/mca/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Company Search: ranked fuzzy matches on a company or LLP name
         * @description Company Search: ranked fuzzy matches on a company or LLP name. Price 3.50 INR, charged only on success; every error is billed 0. With a sandbox key (bv_test_) the answer comes from the synthetic sandbox registry: the examples are its documented scenario identifiers (samples/sandbox-identifiers.json).
         */
        post: operations["searchCompanies"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/pan/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * PAN Verify: whether a PAN is valid, with an optional name match
         * @description PAN Verify: whether a PAN is valid, with an optional name match. Price 2.00 INR, charged only on success; every error is billed 0. With a sandbox key (bv_test_) the answer comes from the synthetic sandbox registry: the examples are its documented scenario identifiers (samples/sandbox-identifiers.json).
         */
        post: operations["verifyPan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portfolios": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's portfolios, newest first
         * @description The portfolios made with this key's environment (sandbox or live). Page with limit (at most 200, the default) and cursor: pass next_cursor as cursor for the next page; it is null on the last. The next page follows even when the cursor's portfolio has been deleted since.
         */
        get: operations["listPortfolios"];
        put?: never;
        /**
         * Create a portfolio: a list re-verified on a schedule, with change reports
         * @description Rows as JSON `rows` (any invalid row fails the request; nothing is saved) or, added, as pasted `text` (read as a CSV upload is: the valid rows are kept and the answer adds `repeated`, `invalid` and `invalid_rows`, each invalid row named by its 1-based `line` of the text).
         */
        post: operations["createPortfolio"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portfolios/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A portfolio, its schedule, next run and last run */
        get: operations["getPortfolio"];
        put?: never;
        post?: never;
        /** Delete a portfolio (its schedule stops; its runs stay readable for the retention period) */
        delete: operations["deletePortfolio"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portfolios/{id}/rows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The portfolio's rows, each with its identifier and columns, in identifier order
         * @description Page with limit (at most 1,000, the default) and cursor: pass next_cursor (the last identifier of the page) as cursor for the next page; it is null on the last. Rows added or removed while paging are listed or not by where their identifier falls; every other row is listed exactly once.
         */
        get: operations["listPortfolioRows"];
        put?: never;
        /**
         * Add or replace rows (a CSV upload in part "file", JSON {rows}, or pasted {text})
         * @description A row whose identifier the portfolio already holds replaces it. Valid rows are added; each invalid one is reported in `invalid_rows` with its row (a CSV's data row, a JSON row's position) and its field and rule. Added: `{"text": "..."}` takes pasted lines, read as a CSV upload is: with a header line (as copied from a spreadsheet, tab- or comma-separated) or without one (one supplier a line: identifier, then optionally vendor name and code); its invalid rows also carry `line`, the 1-based line of the text.
         */
        post: operations["addPortfolioRows"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portfolios/{id}/rows/{identifier}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove one row by its identifier */
        delete: operations["removePortfolioRow"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portfolios/{id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run the portfolio now (as a bulk job; its cost is held first)
         * @description A run is a bulk job: 429 RATE_LIMITED (with Retry-After) when the account is at a bulk quota (unfinished jobs, stored result bytes), as for an upload.
         */
        post: operations["runPortfolio"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portfolios/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Runs, newest first, each with its change summary and report files
         * @description Page with limit (at most 100, the default) and cursor: pass next_cursor as cursor for the next (older) page; it is null on the last.
         */
        get: operations["listPortfolioRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portfolios/{id}/runs/{run}/changes.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A run's change report as CSV */
        get: operations["downloadPortfolioRunChangesCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portfolios/{id}/runs/{run}/changes.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A run's change report against the previous run, as JSON */
        get: operations["getPortfolioRunChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portfolios/{id}/runs/{run}/changes.xlsx": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A run's change report as an Excel workbook (added in issue 28)
         * @description One sheet, Changes: the columns, rows and cells of changes.csv (a cell changes.csv escapes with a leading quote keeps its own text here, with Excel's quote-prefix style), the header bold, frozen and with an autofilter, every cell text (identifiers and vendor codes keep their leading zeros); high-severity changes filled light red. A report written before this file existed answers 404: its changes.csv has the same rows.
         */
        get: operations["downloadPortfolioRunChangesXlsx"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/portfolios/{id}/runs/{run}/webhook-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Delivery attempts of a run's portfolio.changes webhook */
        get: operations["listPortfolioRunWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet balance: the key's wallet
         * @description An account has two wallets: sandbox keys spend (and see) the sandbox wallet, live keys the live one. Added in issue 28: `environment` says which. The ledger routes answer the same wallet's ledger.
         */
        get: operations["getWallet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/ledger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Wallet ledger, newest first
         * @description Every top-up, hold, commit and release with the running balance and its reference; a sync call's entries also name its operation and identifier, a bulk row's charge its identifier (added in issue 28). Page with limit and cursor. Added: group=job lists each bulk job or portfolio run as one line (type job, its rows and money in `job`) at the place of its hold, its per-row charges and final release folded in (they stay in the ledger: group=entry, the default, lists them). A grouped page reads at most 20,000 entries, so one after a very large job may be short; follow next_cursor until it is null. Times are ISO 8601 with +05:30.
         */
        get: operations["listLedgerEntries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/ledger.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The wallet ledger as a CSV file, oldest first (added in issue 28)
         * @description Streamed: the whole ledger, one record per entry (group=entry, the default) or with each bulk job or portfolio run as one line (group=job). Columns: at, type, operation, identifier, job_id, job_kind, job_status, rows, amount_inr, balance_inr, reference, id, then (added) balance_change_inr (signed: what the line did to the balance, so the column sums to closing less opening balance, grouped or not), job_name, row (the bulk row a row charge is for) and balance_at (when balance_inr held: for a job line, the time of its last entry). Every entry of a job names its job_id, job_kind, job_name and operation; on a job line, balance_inr is the balance after its last entry. UTF-8 with a byte order mark, CRLF records; cells that could start a formula are escaped with a leading quote, as in results.csv.
         */
        get: operations["downloadLedgerCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/wallet/sandbox-topup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Top up the sandbox wallet (sandbox keys only; added in issue 28)
         * @description The account refills its own sandbox wallet: amount_inr up to 10,000 (10,000 when left out), at most 10 top-ups a day (IST; then 429 with Retry-After until midnight IST), and never a sandbox balance above ₹1,00,000 (400 naming what still fits). A live key is refused with 400: live credit is added by the operator. Send an Idempotency-Key to make a retry safe.
         */
        post: operations["topUpSandboxWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's webhook signing secret */
        get: operations["getWebhookSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/webhooks/secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the webhook signing secret (the old one stops signing at once) */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Address: {
            city: string;
            district: string;
            line1: string;
            locality: string;
            /** @description 6-digit PIN code */
            pincode: string;
            state: string;
        };
        BulkJob: {
            /** @description Addition (issue 28): the rows counted by outcome (ok, not_found, failed, invalid, cancelled, duplicate; a duplicate counts as duplicate, not under its first row's status, so the counts add up to rows.total) and, for gst.verify its status (data.status), business360 its level (data.summary.risk.level), pan.verify its valid (data.valid), mca.company its status (data.status), itc.check its verdict (data.verdict), by that field's value, e.g. {"outcome": {"ok": 97, …}, "status": {"Active": 75, "Cancelled": 16, "Suspended": 6}}. Counted once when the results are written; null before (and for jobs finished before this version) */
            breakdown: ({
                outcome: {
                    cancelled: number;
                    duplicate: number;
                    failed: number;
                    invalid: number;
                    not_found: number;
                    ok: number;
                };
            } & {
                [key: string]: {
                    [key: string]: number;
                };
            }) | null;
            /** @description A cancel was accepted and is being carried out: rows already with a source finish, the rest end cancelled. The job then ends cancelled, or completed when the cancel stopped no row */
            cancelling: boolean;
            /** @description Committed for rows that succeeded, in INR (paise precision) */
            charged_inr: number;
            /** @description ISO 8601 time */
            created_at: string;
            /** @description Estimated seconds to finish; null until rows have been verified */
            eta_seconds: number | null;
            /** @description Addition: why a failed job failed (for example its result files could not be written in the time allowed); null otherwise */
            failure_reason: string | null;
            finished_at: string | null;
            job_id: string;
            name: string;
            operation: string;
            /** @description The portfolio this job is a run of; null for an upload */
            portfolio_id: string | null;
            /** @description Addition: what a failed job's rows had been charged and was given back in one credit, because their results could not be kept; 0 otherwise, in INR (paise precision) */
            refunded_inr: number;
            /** @description Returned to the wallet; charged + released = reserved once finished, in INR (paise precision) */
            released_inr: number;
            /** @description Held at intake: the most the job can cost, in INR (paise precision) */
            reserved_inr: number;
            /** @description Result file paths, once finished (xlsx: the same rows as a workbook; suppliers_csv and suppliers_xlsx: an itc.check job's suppliers, added in issue 29) */
            results: {
                csv: string;
                jsonl: string;
                suppliers_csv?: string;
                suppliers_xlsx?: string;
                xlsx: string;
            } | null;
            /** @description Addition (issue 28): the job that retried this job's failed rows; null until one did */
            retried_by: string | null;
            /** @description Addition (issue 28): the job whose failed rows this job retries (POST /v1/bulk/jobs/{id}/retry); null otherwise */
            retry_of: string | null;
            /** @description Progress counts */
            rows: {
                /** @description Rows a cancel stopped before they were verified; done = ok + not_found + failed + cancelled */
                cancelled: number;
                done: number;
                /** @description Identical requests answered from their first occurrence, billed once */
                duplicates: number;
                failed: number;
                /** @description Reported in the results, never queued or billed */
                invalid: number;
                not_found: number;
                ok: number;
                total: number;
                valid: number;
            };
            started_at: string | null;
            /**
             * @description completed, cancelled and failed are final, and come with finished_at
             * @enum {string}
             */
            status: "queued" | "running" | "completed" | "cancelled" | "failed";
            /** @description Addition (issue 28): what the upload was read as, where it differs from a plain UTF-8 CSV with the API's column names: ENCODING_WINDOWS_1252 (the file was not UTF-8 and was read as Windows-1252: check names with accents), COLUMN_GUESSED (no header named an identifier column; the one holding them was used), HEADER_MISSING (the first line was data), COLUMN_AMBIGUOUS (two columns could be an optional column such as name; neither was used), IDENTIFIERS_SEVERAL (rows with more than one identifier filled, e.g. a GSTIN and a PAN in a business360 job, were verified and billed by the first in the order gstin, cin, pan). At most 10; [] when none */
            warnings: {
                /** @enum {string} */
                code: "ENCODING_WINDOWS_1252" | "COLUMN_GUESSED" | "HEADER_MISSING" | "COLUMN_AMBIGUOUS" | "IDENTIFIERS_SEVERAL" | "XLSX_ROWS_ABOVE_HEADER" | "CSV_ROWS_ABOVE_HEADER" | "TOTAL_ROW_SKIPPED" | "XLSX_NUMBER_LOST_ZEROS";
                message: string;
            }[];
        };
        /** @description Every Business360 error: billed 0, meta.charged false */
        Business360ErrorEnvelope: {
            /** @description Operation identifier */
            api: string;
            data: null;
            error: {
                /** @description Stable error code from the catalogue; branch on it, never on the message */
                code: string;
                /** @description Present on VALIDATION_FAILED: one entry per failing field */
                details?: {
                    /** @description The request field, e.g. gstin or rows[3].pan */
                    field: string;
                    /** @description The rule that failed */
                    message: string;
                }[];
                /** @description What went wrong, for a person */
                message: string;
                /** @description Whether the same request may succeed if sent again later */
                retryable: boolean;
            };
            meta: components["schemas"]["Business360ErrorMeta"];
            /** @description Unique per request; also in the X-Request-Id header */
            request_id: string;
            /** @constant */
            success: false;
            /**
             * @description API version
             * @constant
             */
            version: "2026-10-01";
        };
        /** @description Meta of a Business360 error: the bundle's fields (absent only on 408 and 431, answered before any route) */
        Business360ErrorMeta: {
            /** @description Amount billed in INR (0 when not charged) */
            amount_inr: number;
            /** @description Whether the call was billed; false on every error */
            charged: boolean;
            /** @description Checks run: 1 for a single operation, the modules run for Business360 (6 for the full bundle) */
            checks: number;
            /**
             * @description live when a source answered this call, cached when a recent answer was reused
             * @enum {string}
             */
            data_freshness: "live" | "cached";
            /**
             * @description sandbox for a bv_test_ key (the synthetic registry), live for a bv_live_ key
             * @enum {string}
             */
            environment: "live" | "sandbox";
            /** @description Time the service spent on the call, in milliseconds */
            latency_ms: number;
            /** @description Modules asked for (include, or all six) */
            modules_requested?: number;
            /** @description Modules that answered ok (and so were billed) */
            modules_succeeded?: number;
            /** @description How the charge was reached */
            pricing?: {
                /**
                 * @description The bundle price cap
                 * @constant
                 */
                bundle_cap_inr: 10;
                /** @description list_total_inr minus what was charged */
                discount_inr: number;
                /** @description Sum of the single-operation prices of the modules that succeeded */
                list_total_inr: number;
            };
            /** @description When the answer was made, ISO 8601 in India time (+05:30) */
            timestamp: string;
        };
        /** @description Meta of a Business360 call */
        Business360Meta: {
            /** @description Amount billed in INR (0 when not charged) */
            amount_inr: number;
            /** @description Whether the call was billed; false on every error */
            charged: boolean;
            /** @description Checks run: 1 for a single operation, the modules run for Business360 (6 for the full bundle) */
            checks: number;
            /**
             * @description live when a source answered this call, cached when a recent answer was reused
             * @enum {string}
             */
            data_freshness: "live" | "cached";
            /**
             * @description sandbox for a bv_test_ key (the synthetic registry), live for a bv_live_ key
             * @enum {string}
             */
            environment: "live" | "sandbox";
            /** @description Time the service spent on the call, in milliseconds */
            latency_ms: number;
            /** @description Modules asked for (include, or all six) */
            modules_requested: number;
            /** @description Modules that answered ok (and so were billed) */
            modules_succeeded: number;
            /** @description How the charge was reached */
            pricing: {
                /**
                 * @description The bundle price cap
                 * @constant
                 */
                bundle_cap_inr: 10;
                /** @description list_total_inr minus what was charged */
                discount_inr: number;
                /** @description Sum of the single-operation prices of the modules that succeeded */
                list_total_inr: number;
            };
            /** @description When the answer was made, ISO 8601 in India time (+05:30) */
            timestamp: string;
        };
        /** @description One profile: summary with risk, and one wrapper per module */
        Business360Profile: {
            cin_pan: {
                amount_inr: number;
                attempts: number;
                charged: boolean;
                data: components["schemas"]["CinPanMapping"] | null;
                error?: {
                    code: string;
                    message: string;
                };
                latency_ms: number;
                reason?: string;
                /** @enum {string} */
                status: "ok" | "failed" | "not_found" | "skipped";
            };
            company: {
                amount_inr: number;
                attempts: number;
                charged: boolean;
                data: components["schemas"]["CompanyRecord"] | null;
                error?: {
                    code: string;
                    message: string;
                };
                latency_ms: number;
                reason?: string;
                /** @enum {string} */
                status: "ok" | "failed" | "not_found" | "skipped";
            };
            directors: {
                amount_inr: number;
                attempts: number;
                charged: boolean;
                data: components["schemas"]["DirectorsRecord"] | null;
                error?: {
                    code: string;
                    message: string;
                };
                latency_ms: number;
                reason?: string;
                /** @enum {string} */
                status: "ok" | "failed" | "not_found" | "skipped";
            };
            gst: {
                amount_inr: number;
                attempts: number;
                charged: boolean;
                data: components["schemas"]["GstRecord"] | null;
                error?: {
                    code: string;
                    message: string;
                };
                latency_ms: number;
                reason?: string;
                /** @enum {string} */
                status: "ok" | "failed" | "not_found" | "skipped";
            };
            gst_returns: {
                amount_inr: number;
                attempts: number;
                charged: boolean;
                data: components["schemas"]["GstReturnsRecord"] | null;
                error?: {
                    code: string;
                    message: string;
                };
                latency_ms: number;
                reason?: string;
                /** @enum {string} */
                status: "ok" | "failed" | "not_found" | "skipped";
            };
            pan: {
                amount_inr: number;
                attempts: number;
                charged: boolean;
                data: components["schemas"]["PanVerification"] | null;
                error?: {
                    code: string;
                    message: string;
                };
                latency_ms: number;
                reason?: string;
                /** @enum {string} */
                status: "ok" | "failed" | "not_found" | "skipped";
            };
            summary: {
                cin: string | null;
                entity_type: ("company" | "llp" | "proprietorship") | null;
                gstin: string | null;
                legal_name: string | null;
                llpin: string | null;
                pan: string | null;
                risk: {
                    flags: {
                        code: string;
                        message: string;
                        /** @enum {string} */
                        module: "gst" | "gst_returns" | "pan" | "company" | "directors" | "cin_pan";
                        /** @enum {string} */
                        severity: "low" | "medium" | "high";
                    }[];
                    /** @enum {string} */
                    level: "low" | "medium" | "high";
                };
                state: string | null;
                trade_name: string | null;
            };
        };
        /** @description CIN <-> PAN mapping (CIN <-> PAN data; Business360 cin_pan.data) */
        CinPanMapping: {
            cin: string | null;
            company_name: string;
            /** @enum {string} */
            direction: "cin_to_pan" | "pan_to_cin";
            llpin: string | null;
            pan: string;
        };
        /** @description Company or LLP master data (Company data; Business360 company.data) */
        CompanyRecord: {
            authorised_capital_inr: number;
            category: string;
            cin: string | null;
            class: string;
            date_of_incorporation: string;
            /** @enum {string} */
            entity_type: "company" | "llp";
            industry: {
                description: string;
                nic_code: string;
            } | null;
            last_agm_date: string | null;
            last_balance_sheet_date: string | null;
            /** @enum {string} */
            listing_status: "Listed" | "Unlisted";
            llpin: string | null;
            name: string;
            paid_up_capital_inr: number;
            registered_address: components["schemas"]["Address"];
            roc: string;
            /** @enum {string} */
            status: "Active" | "Strike Off" | "Under Liquidation";
            sub_category: string;
        };
        /** @description Ranked company and LLP matches (Company Search data) */
        CompanySearchResult: {
            count: number;
            query: string;
            results: {
                cin: string | null;
                incorporated_on: string;
                llpin: string | null;
                name: string;
                score: number;
                state: string;
                status: string;
            }[];
        };
        /** @description A director and every company they are or were associated with (DIN Lookup data) */
        DinRecord: {
            companies: {
                appointed_on: string;
                ceased_on: string | null;
                cin: string | null;
                designation: string;
                llpin: string | null;
                name: string;
            }[];
            din: string;
            /** @enum {string} */
            din_status: "Approved" | "Disqualified";
            name: string;
        };
        /** @description Directors, or designated partners of an LLP, past ones included (Directors data; Business360 directors.data) */
        DirectorsRecord: {
            cin: string | null;
            company_name: string;
            count: number;
            current: number;
            directors: {
                appointed_on: string;
                ceased_on: string | null;
                designation: string;
                din: string;
                /** @enum {string} */
                din_status: "Approved" | "Disqualified";
                name: string;
            }[];
            llpin: string | null;
        };
        /** @description Every error: billed 0, meta.charged false */
        ErrorEnvelope: {
            /** @description Operation identifier */
            api: string;
            data: null;
            error: {
                /** @description Stable error code from the catalogue; branch on it, never on the message */
                code: string;
                /** @description Present on VALIDATION_FAILED: one entry per failing field */
                details?: {
                    /** @description The request field, e.g. gstin or rows[3].pan */
                    field: string;
                    /** @description The rule that failed */
                    message: string;
                }[];
                /** @description What went wrong, for a person */
                message: string;
                /** @description Whether the same request may succeed if sent again later */
                retryable: boolean;
            };
            meta: components["schemas"]["Meta"];
            /** @description Unique per request; also in the X-Request-Id header */
            request_id: string;
            /** @constant */
            success: false;
            /**
             * @description API version
             * @constant
             */
            version: "2026-10-01";
        };
        /** @description GSTINs registered under a PAN (GST by PAN data) */
        GstByPanResult: {
            count: number;
            gstins: {
                gstin: string;
                registration_date: string;
                state: string;
                state_code: string;
                /** @enum {string} */
                status: "Active" | "Cancelled" | "Suspended";
            }[];
            pan: string;
        };
        /** @description GST record (GST Verify data; Business360 gst.data) */
        GstRecord: {
            cancellation_date: string | null;
            constitution: string;
            einvoice_enabled: boolean;
            gstin: string;
            legal_name: string;
            nature_of_business: string[];
            pan: string;
            principal_place: components["schemas"]["Address"];
            registration_date: string;
            state: string;
            state_code: string;
            /** @enum {string} */
            status: "Active" | "Cancelled" | "Suspended";
            /** @enum {string} */
            taxpayer_type: "Regular" | "Composition";
            trade_name: string;
        };
        /** @description GST return-filing history, most recent period first (GST Returns data; Business360 gst_returns.data) */
        GstReturnsRecord: {
            /** @enum {string} */
            filing_frequency: "monthly" | "quarterly";
            gstin: string;
            periods: {
                gstr1: {
                    due_date: string;
                    filed_on: string | null;
                    /** @enum {string} */
                    status: "filed" | "late" | "not_filed";
                };
                gstr3b: {
                    due_date: string;
                    filed_on: string | null;
                    /** @enum {string} */
                    status: "filed" | "late" | "not_filed";
                };
                period: string;
            }[];
            summary: {
                filed_late: number;
                filed_on_time: number;
                last_filed_period: string | null;
                not_filed: number;
                periods: number;
            };
        };
        /** @description ITC check of purchase invoices against their supplier (an addition) */
        ItcCheck: {
            /** @description The date (in India) the verdicts hold at */
            as_of: string;
            invoices: {
                /** @description As sent (the return period the credit was taken in); null when not sent */
                availed_in: string | null;
                /** @description s.16(4): the last date to take the credit; null when it is blocked */
                claim_by: string | null;
                date: string;
                number: string;
                /** @description The supplier's return period holding the invoice (a quarter is its last month) */
                period: string;
                reasons: {
                    /** @enum {string} */
                    code: "not_registered_on_invoice_date" | "cancelled_on_or_before_invoice_date" | "composition_supplier" | "claim_time_barred" | "rule_37a_reversal" | "supplier_suspended" | "gstr1_not_filed" | "gstr1_filed_after_time_limit" | "gstr3b_not_filed" | "filing_data_not_available" | "registration_dates_unknown" | "returns_not_yet_due" | "gstr1_filed_late" | "gstr3b_filed_late" | "reavail_after_filing" | "claim_window_closed" | "claim_window_closing" | "cancelled_after_invoice_date";
                    message: string;
                    /** @description The provision cited, e.g. CGST Act s.16(2)(aa) */
                    rule: string;
                    /** @enum {string} */
                    severity: "info" | "warning" | "critical";
                }[];
                /** @description r.37A: the date the credit must be reversed by while the supplier's GSTR-3B is missing */
                reverse_by: string | null;
                tax_at_risk_inr: number;
                /** @description As sent; null when not sent */
                tax_inr: number | null;
                /** @enum {string} */
                verdict: "eligible" | "at_risk" | "reverse" | "blocked" | "unknown";
            }[];
            supplier: {
                cancellation_date: string | null;
                /** @enum {string} */
                filing_frequency: "monthly" | "quarterly";
                /** @description The earliest return period the filing history reached; an invoice of an earlier period is unknown */
                filings_from: string;
                gstin: string;
                legal_name: string;
                registration_date: string;
                /** @enum {string} */
                status: "Active" | "Cancelled" | "Suspended";
                /** @enum {string} */
                taxpayer_type: "Regular" | "Composition";
                trade_name: string;
            };
            totals: {
                by_verdict: {
                    at_risk: number;
                    blocked: number;
                    eligible: number;
                    reverse: number;
                    unknown: number;
                };
                /** @description The earliest date to act by: reverse_by of invoices to reverse or at risk (even if passed: the reversal is still owed, with interest) and claim_by not yet passed of invoices not blocked; null when none */
                earliest_deadline: string | null;
                invoices: number;
                /** @description The earliest of the same dates that is today or later: what to act on next; null when none */
                next_deadline: string | null;
                tax_at_risk_inr: number;
                tax_inr: number;
            };
        };
        LedgerPage: {
            entries: {
                amount_inr: number | null;
                /** @description ISO 8601 with +05:30 */
                at: string;
                balance_inr: number | null;
                id: string;
                /** @description Added: the identifier the sync call checked (GSTIN, CIN, LLPIN, PAN or DIN); null for a company search (it takes a name) and on other entries. A PAN holder's name is never stored */
                identifier?: string | null;
                /** @description Added, under group=job only: the job of a job line (figures null once the job is past its retention), null on other lines */
                job?: {
                    charged_inr: number | null;
                    /** @description Held when the job started, in INR (paise precision) */
                    held_inr: number;
                    job_id: string;
                    kind: ("bulk" | "portfolio_run") | null;
                    name: string | null;
                    portfolio_id: string | null;
                    refunded_inr: number | null;
                    released_inr: number | null;
                    /** @description Rows in the job */
                    rows: number | null;
                    /** @description Rows verified (the ones billed) */
                    rows_ok: number | null;
                    status: string | null;
                } | null;
                /** @description Added: the sync call's operation (gst.verify, business360, ...); on a job line the job's; null on other entries */
                operation?: string | null;
                /** @description The call's request_id, or the job and row, or the top-up reference */
                reference: string;
                /** @description topup, hold, commit or release; job for a bulk job or portfolio run under group=job */
                type: string;
            }[];
            /** @description Send as cursor for the next (older) page; null on the last page */
            next_cursor: string | null;
        };
        /** @description Billing and timing of the call */
        Meta: {
            /** @description Amount billed in INR (0 when not charged) */
            amount_inr: number;
            /** @description Whether the call was billed; false on every error */
            charged: boolean;
            /** @description Checks run: 1 for a single operation, the modules run for Business360 (6 for the full bundle) */
            checks: number;
            /**
             * @description live when a source answered this call, cached when a recent answer was reused
             * @enum {string}
             */
            data_freshness: "live" | "cached";
            /**
             * @description sandbox for a bv_test_ key (the synthetic registry), live for a bv_live_ key
             * @enum {string}
             */
            environment: "live" | "sandbox";
            /** @description Time the service spent on the call, in milliseconds */
            latency_ms: number;
            /** @description When the answer was made, ISO 8601 in India time (+05:30) */
            timestamp: string;
        };
        /** @description PAN verification (PAN Verify data; Business360 pan.data) */
        PanVerification: {
            /** @enum {string} */
            category: "Individual" | "Company" | "Hindu Undivided Family" | "Firm / LLP" | "Association of Persons" | "Trust" | "Body of Individuals" | "Local Authority" | "Artificial Juridical Person" | "Government";
            name_match: {
                input: string;
                /** @enum {string} */
                result: "match" | "partial" | "no_match";
                score: number;
            } | null;
            pan: string;
            registered_name: string;
            /** @enum {string} */
            status: "Valid" | "Invalid";
            valid: boolean;
        };
        Portfolio: {
            /** @description ISO 8601 time */
            created_at: string;
            last_run: {
                /** @description As the run's job says */
                cancelling: boolean;
                /** @description ISO 8601 time */
                created_at: string;
                finished_at: string | null;
                run_id: string;
                status: string;
            } | null;
            name: string;
            next_run_at: string | null;
            /** @enum {string} */
            operation: "gst.verify" | "gst.returns" | "business360";
            portfolio_id: string;
            /** @description Rows in the portfolio */
            rows: number;
            schedule: {
                cron: string;
                every: ("daily" | "weekly" | "monthly") | null;
                tz: string;
            };
            /** @description Scheduled runs that could not start, newest first (at most 10) */
            skipped_runs: {
                /** @description ISO 8601 time */
                at: string;
                /** @description The error code that stopped it */
                code: string;
                message: string;
            }[];
            webhook_url: string | null;
        };
        PortfolioChange: {
            after: string | null;
            before: string | null;
            /** @description The operation or check the change was found by */
            check: string;
            /** @description Added: the change as one plain sentence, dates as 30 Nov 2026 ("GSTR-3B for Oct 2026 not filed", "Director 09900032 disqualified") */
            description: string;
            /** @description ISO 8601 time */
            detected_at: string;
            /** @description The field path, for programs: gst_status, periods.2026-10.gstr3b, directors.09900032.din_status, risk.level, ... */
            field: string;
            identifier: string;
            /** @enum {string} */
            severity: "low" | "medium" | "high";
            /** @description Added: the supplier's code from the row's own columns (vendor_code, Vendor Code, Supplier Code, Party Code); null when the row has none */
            vendor_code: string | null;
            /** @description Added: the supplier's name from the row's own columns (a header such as vendor_name, Vendor Name, Supplier Name, Party Name, name); null when the row has none */
            vendor_name: string | null;
        };
        PortfolioRun: {
            /** @description As the run's job says: a cancel is being carried out */
            cancelling: boolean;
            /** @description Change summary against the previous completed run; null until the report is written */
            changes: {
                changed: number;
                new_high_severity: number;
                previous_run_id: string | null;
                rows: number;
            } | null;
            /** @description Charged for the run, in INR (paise precision) */
            charged_inr: number;
            /** @description ISO 8601 time */
            created_at: string;
            files: {
                csv: string;
                json: string;
                xlsx: string;
            } | null;
            finished_at: string | null;
            job: components["schemas"]["BulkJob"];
            run_id: string;
            status: string;
        };
        SandboxTopup: {
            /** @description What new sandbox calls can spend, in INR (paise precision) */
            available_inr: number;
            /** @description The sandbox balance after it, open holds included, in INR (paise precision) */
            balance_inr: number;
            /** @constant */
            environment: "sandbox";
            /** @description Held by sandbox calls and jobs still running, in INR (paise precision) */
            held_inr: number;
            /** @description Added by this top-up, in INR (paise precision) */
            topped_up_inr: number;
        };
        Wallet: {
            /** @description What new calls can spend: balance minus held, in INR (paise precision) */
            available_inr: number;
            /** @description Balance, open holds included, in INR (paise precision) */
            balance_inr: number;
            /**
             * @description Added: which wallet this is, the key's: sandbox keys spend the sandbox wallet, live keys the live one
             * @enum {string}
             */
            environment: "sandbox" | "live";
            /** @description Held by calls and jobs still running, in INR (paise precision) */
            held_inr: number;
        };
    };
    responses: {
        /** @description AUTH_INVALID_KEY: No valid API key on the request (missing, unknown or revoked) */
        Business360_AuthInvalidKey: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit_PerAddress"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_PerAddress"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_PerAddress"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Business360ErrorEnvelope"];
            };
        };
        /** @description HEADERS_TOO_LARGE: The request's headers are larger than the service accepts (16 kB in all by default) */
        Business360_HeadersTooLarge: {
            headers: {
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Business360ErrorEnvelope"];
            };
        };
        /** @description IDEMPOTENCY_IN_PROGRESS (retryable): A request with the same Idempotency-Key is still running */
        Business360_IdempotencyInProgress: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "Retry-After": components["headers"]["RetryAfter_IdempotencyInProgress"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Business360ErrorEnvelope"];
            };
        };
        /** @description IDEMPOTENCY_KEY_REUSED: The Idempotency-Key was used with a different request body */
        Business360_IdempotencyKeyReused: {
            headers: {
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Business360ErrorEnvelope"];
            };
        };
        /** @description INTERNAL_ERROR (retryable): An unexpected failure in the service; nothing was billed */
        Business360_InternalError: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit_IfLimiterRan"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_IfLimiterRan"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_IfLimiterRan"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Business360ErrorEnvelope"];
            };
        };
        /** @description PAYLOAD_TOO_LARGE: The body or upload is larger than the service accepts */
        Business360_PayloadTooLarge: {
            headers: {
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Business360ErrorEnvelope"];
            };
        };
        /** @description PROVIDER_TIMEOUT (retryable): The upstream source took too long */
        Business360_ProviderTimeout: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit_IfLimiterRan"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_IfLimiterRan"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_IfLimiterRan"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Business360ErrorEnvelope"];
            };
        };
        /** @description PROVIDER_UNAVAILABLE (retryable): All upstream sources for the check were down, even after fallback. SERVICE_UNAVAILABLE (retryable): This instance of the service is shutting down and took no part of the request; retry (another instance may answer) */
        Business360_ProviderUnavailableOrServiceUnavailable: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit_IfLimiterRan"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_IfLimiterRan"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_IfLimiterRan"];
                "Retry-After": components["headers"]["RetryAfter_ServiceUnavailable"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Business360ErrorEnvelope"];
            };
        };
        /** @description RATE_LIMITED (retryable): Requests exceeded the key's rate limit, or (bulk jobs, portfolio runs) the account is at a quota: its unfinished jobs or its stored result bytes; see Retry-After */
        Business360_RateLimited: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "Retry-After": components["headers"]["RetryAfter_RateLimited"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Business360ErrorEnvelope"];
            };
        };
        /** @description RECORD_NOT_FOUND: The source has no record for the identifier */
        Business360_RecordNotFound: {
            headers: {
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Business360ErrorEnvelope"];
            };
        };
        /** @description REQUEST_TIMEOUT (retryable): The request's headers or body came too slowly and the connection was closed; send it again */
        Business360_RequestTimeout: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Business360ErrorEnvelope"];
            };
        };
        /** @description VALIDATION_FAILED: The request is malformed: a mistyped identifier, a missing field or a field breaking its rule (error.details names each) */
        Business360_ValidationFailed: {
            headers: {
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit_IfLimiterRan"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_IfLimiterRan"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_IfLimiterRan"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Business360ErrorEnvelope"];
            };
        };
        /** @description WALLET_INSUFFICIENT_BALANCE: Wallet balance too low; the call was not run */
        Business360_WalletInsufficientBalance: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Business360ErrorEnvelope"];
            };
        };
        /** @description AUTH_INVALID_KEY: No valid API key on the request (missing, unknown or revoked) */
        Customer_AuthInvalidKey: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit_PerAddress"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_PerAddress"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_PerAddress"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description HEADERS_TOO_LARGE: The request's headers are larger than the service accepts (16 kB in all by default) */
        Customer_HeadersTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description INTERNAL_ERROR (retryable): An unexpected failure in the service; nothing was billed */
        Customer_InternalError: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit_IfLimiterRan"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_IfLimiterRan"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_IfLimiterRan"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description NOT_FOUND: No such resource for this account and environment */
        Customer_NotFound: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description RATE_LIMITED (retryable): Requests exceeded the key's rate limit, or (bulk jobs, portfolio runs) the account is at a quota: its unfinished jobs or its stored result bytes; see Retry-After */
        Customer_RateLimited: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "Retry-After": components["headers"]["RetryAfter_RateLimited"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description REQUEST_TIMEOUT (retryable): The request's headers or body came too slowly and the connection was closed; send it again */
        Customer_RequestTimeout: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description RESULTS_NOT_READY (retryable): The job or run has not finished, so its file is not written yet; retry after Retry-After seconds, or follow its events */
        Customer_ResultsNotReady: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "Retry-After": components["headers"]["RetryAfter_ResultsNotReady"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description SERVICE_UNAVAILABLE (retryable): This instance of the service is shutting down and took no part of the request; retry (another instance may answer) */
        Customer_ServiceUnavailable: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit_IfLimiterRan"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_IfLimiterRan"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_IfLimiterRan"];
                "Retry-After": components["headers"]["RetryAfter_ServiceUnavailable"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description VALIDATION_FAILED: The request is malformed: a mistyped identifier, a missing field or a field breaking its rule (error.details names each) */
        Customer_ValidationFailed: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit_IfLimiterRan"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_IfLimiterRan"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_IfLimiterRan"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description AUTH_INVALID_KEY: No valid API key on the request (missing, unknown or revoked) */
        CustomerPost_AuthInvalidKey: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit_PerAddress"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_PerAddress"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_PerAddress"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description HEADERS_TOO_LARGE: The request's headers are larger than the service accepts (16 kB in all by default) */
        CustomerPost_HeadersTooLarge: {
            headers: {
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description IDEMPOTENCY_IN_PROGRESS (retryable): A request with the same Idempotency-Key is still running */
        CustomerPost_IdempotencyInProgress: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "Retry-After": components["headers"]["RetryAfter_IdempotencyInProgress"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description IDEMPOTENCY_IN_PROGRESS (retryable): A request with the same Idempotency-Key is still running. RUN_IN_PROGRESS (retryable): A run of this portfolio is still going */
        CustomerPost_IdempotencyInProgressOrRunInProgress: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "Retry-After": components["headers"]["RetryAfter_IdempotencyInProgress"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description IDEMPOTENCY_KEY_REUSED: The Idempotency-Key was used with a different request body */
        CustomerPost_IdempotencyKeyReused: {
            headers: {
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description INTERNAL_ERROR (retryable): An unexpected failure in the service; nothing was billed */
        CustomerPost_InternalError: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit_IfLimiterRan"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_IfLimiterRan"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_IfLimiterRan"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description NOT_FOUND: No such resource for this account and environment */
        CustomerPost_NotFound: {
            headers: {
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description PAYLOAD_TOO_LARGE: The body or upload is larger than the service accepts */
        CustomerPost_PayloadTooLarge: {
            headers: {
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description PROVIDER_TIMEOUT (retryable): The upstream source took too long */
        CustomerPost_ProviderTimeout: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit_IfLimiterRan"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_IfLimiterRan"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_IfLimiterRan"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description PROVIDER_UNAVAILABLE (retryable): All upstream sources for the check were down, even after fallback. SERVICE_UNAVAILABLE (retryable): This instance of the service is shutting down and took no part of the request; retry (another instance may answer) */
        CustomerPost_ProviderUnavailableOrServiceUnavailable: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit_IfLimiterRan"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_IfLimiterRan"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_IfLimiterRan"];
                "Retry-After": components["headers"]["RetryAfter_ServiceUnavailable"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description RATE_LIMITED (retryable): Requests exceeded the key's rate limit, or (bulk jobs, portfolio runs) the account is at a quota: its unfinished jobs or its stored result bytes; see Retry-After */
        CustomerPost_RateLimited: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "Retry-After": components["headers"]["RetryAfter_RateLimited"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description RECORD_NOT_FOUND: The source has no record for the identifier */
        CustomerPost_RecordNotFound: {
            headers: {
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description REQUEST_TIMEOUT (retryable): The request's headers or body came too slowly and the connection was closed; send it again */
        CustomerPost_RequestTimeout: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description SERVICE_UNAVAILABLE (retryable): This instance of the service is shutting down and took no part of the request; retry (another instance may answer) */
        CustomerPost_ServiceUnavailable: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit_IfLimiterRan"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_IfLimiterRan"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_IfLimiterRan"];
                "Retry-After": components["headers"]["RetryAfter_ServiceUnavailable"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description VALIDATION_FAILED: The request is malformed: a mistyped identifier, a missing field or a field breaking its rule (error.details names each) */
        CustomerPost_ValidationFailed: {
            headers: {
                "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                "RateLimit-Limit": components["headers"]["RateLimitLimit_IfLimiterRan"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining_IfLimiterRan"];
                "RateLimit-Reset": components["headers"]["RateLimitReset_IfLimiterRan"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description WALLET_INSUFFICIENT_BALANCE: Wallet balance too low; the call was not run */
        CustomerPost_WalletInsufficientBalance: {
            headers: {
                "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                "RateLimit-Reset": components["headers"]["RateLimitReset"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description AUTH_INVALID_KEY: No valid API key on the request (missing, unknown or revoked) */
        Operator_AuthInvalidKey: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description HEADERS_TOO_LARGE: The request's headers are larger than the service accepts (16 kB in all by default) */
        Operator_HeadersTooLarge: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description IDEMPOTENCY_KEY_REUSED: The Idempotency-Key was used with a different request body */
        Operator_IdempotencyKeyReused: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description INTERNAL_ERROR (retryable): An unexpected failure in the service; nothing was billed */
        Operator_InternalError: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description NOT_FOUND: No such resource for this account and environment */
        Operator_NotFound: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description RATE_LIMITED (retryable): Requests exceeded the key's rate limit, or (bulk jobs, portfolio runs) the account is at a quota: its unfinished jobs or its stored result bytes; see Retry-After */
        Operator_RateLimited: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description REQUEST_TIMEOUT (retryable): The request's headers or body came too slowly and the connection was closed; send it again */
        Operator_RequestTimeout: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description SERVICE_UNAVAILABLE (retryable): This instance of the service is shutting down and took no part of the request; retry (another instance may answer) */
        Operator_ServiceUnavailable: {
            headers: {
                "Retry-After": components["headers"]["RetryAfter_ServiceUnavailable"];
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description VALIDATION_FAILED: The request is malformed: a mistyped identifier, a missing field or a field breaking its rule (error.details names each) */
        Operator_ValidationFailed: {
            headers: {
                "X-Request-Id": components["headers"]["XRequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Sent, as "true", only when this answer is the stored answer to an earlier request with the same Idempotency-Key and body: nothing ran and nothing was billed */
        IdempotentReplayed: "true";
        /** @description Requests this API key may make per minute (the account's rate limit) */
        RateLimitLimit: number;
        /** @description Requests this API key may make per minute (the account's rate limit). Sent when the rate limiter saw the request */
        RateLimitLimit_IfLimiterRan: number;
        /** @description Requests this API key may make per minute (the account's rate limit). On a 401: of the calls without a valid key from this client address, at the default limit (600) */
        RateLimitLimit_PerAddress: number;
        /** @description Requests this key may still make now (the sliding minute: the last 60 seconds) */
        RateLimitRemaining: number;
        /** @description Requests this key may still make now (the sliding minute: the last 60 seconds). Sent when the rate limiter saw the request */
        RateLimitRemaining_IfLimiterRan: number;
        /** @description Requests this key may still make now (the sliding minute: the last 60 seconds). On a 401: of the calls without a valid key from this client address, at the default limit (600) */
        RateLimitRemaining_PerAddress: number;
        /** @description With RateLimit-Remaining 0: seconds until the key may call again. Otherwise: seconds until its whole quota is back (a call weighs on the sliding window for up to two minutes) */
        RateLimitReset: number;
        /** @description With RateLimit-Remaining 0: seconds until the key may call again. Otherwise: seconds until its whole quota is back (a call weighs on the sliding window for up to two minutes). Sent when the rate limiter saw the request */
        RateLimitReset_IfLimiterRan: number;
        /** @description With RateLimit-Remaining 0: seconds until the key may call again. Otherwise: seconds until its whole quota is back (a call weighs on the sliding window for up to two minutes). On a 401: of the calls without a valid key from this client address, at the default limit (600) */
        RateLimitReset_PerAddress: number;
        /** @description With IDEMPOTENCY_IN_PROGRESS: 1 while the first request runs (it may end at any moment); when that request's process has died, the seconds until its claim on the key lapses */
        RetryAfter_IdempotencyInProgress: number;
        /** @description Seconds to wait before the key may call again */
        RetryAfter_RateLimited: number;
        /** @description With RESULTS_NOT_READY: seconds to wait before asking for the file again (the events stream says at once when it is written) */
        RetryAfter_ResultsNotReady: number;
        /** @description With SERVICE_UNAVAILABLE: seconds to wait before retrying (another instance may answer at once) */
        RetryAfter_ServiceUnavailable: number;
        /** @description The answer's request_id (the envelope's, when it has one): quote it when reporting a problem */
        XRequestId: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    createAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    balance_inr?: number;
                    name: string;
                    rate_limit_per_minute?: number;
                    sandbox_balance_inr?: number;
                };
            };
        };
        responses: {
            /** @description The keys, shown once; GET /admin/v1/accounts/{id}/keys lists their ids */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        live_key: string;
                        sandbox_key: string;
                    };
                };
            };
            400: components["responses"]["Operator_ValidationFailed"];
            401: components["responses"]["Operator_AuthInvalidKey"];
            429: components["responses"]["Operator_RateLimited"];
            500: components["responses"]["Operator_InternalError"];
            503: components["responses"]["Operator_ServiceUnavailable"];
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        /** @description The live wallet */
                        balance_inr: number;
                        held_inr: number;
                        name: string;
                        rate_limit_per_minute: number;
                        /** @description Added: the sandbox wallet */
                        sandbox_balance_inr: number;
                        sandbox_held_inr: number;
                    };
                };
            };
            401: components["responses"]["Operator_AuthInvalidKey"];
            404: components["responses"]["Operator_NotFound"];
            429: components["responses"]["Operator_RateLimited"];
            500: components["responses"]["Operator_InternalError"];
            503: components["responses"]["Operator_ServiceUnavailable"];
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rate_limit_per_minute: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        rate_limit_per_minute: number;
                    };
                };
            };
            400: components["responses"]["Operator_ValidationFailed"];
            401: components["responses"]["Operator_AuthInvalidKey"];
            404: components["responses"]["Operator_NotFound"];
            429: components["responses"]["Operator_RateLimited"];
            500: components["responses"]["Operator_InternalError"];
            503: components["responses"]["Operator_ServiceUnavailable"];
        };
    };
    creditAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount_inr: number;
                    /**
                     * @default live
                     * @enum {string}
                     */
                    environment?: "sandbox" | "live";
                    reference: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        balance_inr: number;
                        /** @enum {boolean} */
                        duplicate?: true;
                        /**
                         * @description Added: the wallet credited
                         * @enum {string}
                         */
                        environment: "sandbox" | "live";
                    };
                };
            };
            400: components["responses"]["Operator_ValidationFailed"];
            401: components["responses"]["Operator_AuthInvalidKey"];
            404: components["responses"]["Operator_NotFound"];
            422: components["responses"]["Operator_IdempotencyKeyReused"];
            429: components["responses"]["Operator_RateLimited"];
            500: components["responses"]["Operator_InternalError"];
            503: components["responses"]["Operator_ServiceUnavailable"];
        };
    };
    listApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        keys: {
                            created_at: string | null;
                            /** @enum {string} */
                            environment: "sandbox" | "live";
                            key_id: string;
                            /** @description How the key starts (bv_test_<id>_ or bv_live_<id>_): match a leaked key to its id */
                            prefix: string;
                            revoked_at: string | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["Operator_AuthInvalidKey"];
            404: components["responses"]["Operator_NotFound"];
            429: components["responses"]["Operator_RateLimited"];
            500: components["responses"]["Operator_InternalError"];
            503: components["responses"]["Operator_ServiceUnavailable"];
        };
    };
    issueApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    environment: "sandbox" | "live";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        api_key: string;
                        key_id: string;
                    };
                };
            };
            400: components["responses"]["Operator_ValidationFailed"];
            401: components["responses"]["Operator_AuthInvalidKey"];
            404: components["responses"]["Operator_NotFound"];
            429: components["responses"]["Operator_RateLimited"];
            500: components["responses"]["Operator_InternalError"];
            503: components["responses"]["Operator_ServiceUnavailable"];
        };
    };
    reconcileAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        available_inr: number;
                        balance_inr: number;
                        commits_inr: number;
                        /** @description (top-ups - commits) - (available + open holds): 0 when the books balance */
                        difference_inr: number;
                        held_inr: number;
                        ok: boolean;
                        open_holds_inr: number;
                        problems: string[];
                        sandbox: {
                            available_inr: number;
                            balance_inr: number;
                            commits_inr: number;
                            /** @description (top-ups - commits) - (available + open holds): 0 when the books balance */
                            difference_inr: number;
                            held_inr: number;
                            ok: boolean;
                            open_holds_inr: number;
                            problems: string[];
                            topups_inr: number;
                        };
                        topups_inr: number;
                    };
                };
            };
            401: components["responses"]["Operator_AuthInvalidKey"];
            404: components["responses"]["Operator_NotFound"];
            429: components["responses"]["Operator_RateLimited"];
            500: components["responses"]["Operator_InternalError"];
            503: components["responses"]["Operator_ServiceUnavailable"];
        };
    };
    getSandboxClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        /** @description How far ahead of real time its sandbox keys answer */
                        offset_days: number;
                        /** @description The sandbox time now (IST) */
                        sandbox_now: string;
                    };
                };
            };
            401: components["responses"]["Operator_AuthInvalidKey"];
            404: components["responses"]["Operator_NotFound"];
            429: components["responses"]["Operator_RateLimited"];
            500: components["responses"]["Operator_InternalError"];
            503: components["responses"]["Operator_ServiceUnavailable"];
        };
    };
    moveSandboxClock: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The account id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    advance_days: number;
                } | {
                    offset_days: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        account_id: string;
                        /** @description How far ahead of real time its sandbox keys answer */
                        offset_days: number;
                        /** @description The sandbox time now (IST) */
                        sandbox_now: string;
                    };
                };
            };
            400: components["responses"]["Operator_ValidationFailed"];
            401: components["responses"]["Operator_AuthInvalidKey"];
            404: components["responses"]["Operator_NotFound"];
            429: components["responses"]["Operator_RateLimited"];
            500: components["responses"]["Operator_InternalError"];
            503: components["responses"]["Operator_ServiceUnavailable"];
        };
    };
    revokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                keyId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Revoked */
            204: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Operator_ValidationFailed"];
            401: components["responses"]["Operator_AuthInvalidKey"];
            404: components["responses"]["Operator_NotFound"];
            429: components["responses"]["Operator_RateLimited"];
            500: components["responses"]["Operator_InternalError"];
            503: components["responses"]["Operator_ServiceUnavailable"];
        };
    };
    exportLedger: {
        parameters: {
            query?: {
                account?: string;
                after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entries, one JSON object a line; the Ledger-Cursor header holds the next export's `after` */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                };
            };
            400: components["responses"]["Operator_ValidationFailed"];
            401: components["responses"]["Operator_AuthInvalidKey"];
            404: components["responses"]["Operator_NotFound"];
            429: components["responses"]["Operator_RateLimited"];
            500: components["responses"]["Operator_InternalError"];
            503: components["responses"]["Operator_ServiceUnavailable"];
        };
    };
    reconcileAllAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Accounts checked */
                        accounts: number;
                        ok: boolean;
                        /** @description The accounts not ok */
                        problems: {
                            account_id: string;
                            available_inr: number;
                            balance_inr: number;
                            commits_inr: number;
                            /** @description (top-ups - commits) - (available + open holds): 0 when the books balance */
                            difference_inr: number;
                            held_inr: number;
                            ok: boolean;
                            open_holds_inr: number;
                            problems: string[];
                            sandbox: {
                                available_inr: number;
                                balance_inr: number;
                                commits_inr: number;
                                /** @description (top-ups - commits) - (available + open holds): 0 when the books balance */
                                difference_inr: number;
                                held_inr: number;
                                ok: boolean;
                                open_holds_inr: number;
                                problems: string[];
                                topups_inr: number;
                            };
                            topups_inr: number;
                        }[];
                    };
                };
            };
            401: components["responses"]["Operator_AuthInvalidKey"];
            429: components["responses"]["Operator_RateLimited"];
            500: components["responses"]["Operator_InternalError"];
            503: components["responses"]["Operator_ServiceUnavailable"];
        };
    };
    listSources: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            401: components["responses"]["Operator_AuthInvalidKey"];
            429: components["responses"]["Operator_RateLimited"];
            500: components["responses"]["Operator_InternalError"];
            503: components["responses"]["Operator_ServiceUnavailable"];
        };
    };
    checkLiveness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Plain JSON, not the envelope */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ok";
                    };
                };
            };
            408: components["responses"]["Operator_RequestTimeout"];
            431: components["responses"]["Operator_HeadersTooLarge"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            401: components["responses"]["Operator_AuthInvalidKey"];
            429: components["responses"]["Operator_RateLimited"];
        };
    };
    checkReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        redis: "ok";
                        /** @description null while Redis does not answer (the sources' state lives there) */
                        sources: {
                            live: {
                                /** @description Checks with at least one live source configured (BV_SOURCES) */
                                checks_with_sources: number;
                                /** @description Live sources whose circuit is open; GET /admin/v1/sources names them */
                                sources_down: number;
                                sources_up: number;
                            };
                            sandbox: {
                                /** @description Checks the sandbox registry answers: all nine (Business360 is made of them) */
                                checks_with_sources: number;
                            };
                        } | null;
                        /** @enum {string} */
                        status: "ready";
                    };
                };
            };
            408: components["responses"]["Operator_RequestTimeout"];
            431: components["responses"]["Operator_HeadersTooLarge"];
            /** @description Not ready: Redis does not answer, refuses writes, or is near its maxmemory */
            503: {
                headers: {
                    "Retry-After": components["headers"]["RetryAfter_ServiceUnavailable"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Why, in words: e.g. Redis is at its maxmemory, is a read-only replica, or uses 93% of its maxmemory */
                        reason: string;
                        /** @enum {string} */
                        redis: "unreachable" | "refusing_writes" | "near_maxmemory";
                        /** @description null while Redis does not answer (the sources' state lives there) */
                        sources: {
                            live: {
                                /** @description Checks with at least one live source configured (BV_SOURCES) */
                                checks_with_sources: number;
                                /** @description Live sources whose circuit is open; GET /admin/v1/sources names them */
                                sources_down: number;
                                sources_up: number;
                            };
                            sandbox: {
                                /** @description Checks the sandbox registry answers: all nine (Business360 is made of them) */
                                checks_with_sources: number;
                            };
                        } | null;
                        /** @enum {string} */
                        status: "not_ready";
                    };
                };
            };
        };
    };
    listBulkJobs: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "bulk.list";
                        data: {
                            jobs: components["schemas"]["BulkJob"][];
                            next_cursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["Customer_ValidationFailed"];
            401: components["responses"]["Customer_AuthInvalidKey"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    createBulkJob: {
        parameters: {
            query?: {
                /** @description Added (issue 28): which of the file's columns hold what the operation reads, when its header names them otherwise: column:Header pairs separated by commas (or the parameter repeated), e.g. columns=gstin:Vendor Tax ID,pan:IT Ref. column is one the operation reads (gstin, pan, cin, llpin, din, name, periods, include); Header is matched in any case, then with spaces and punctuation ignored; a header name containing a comma cannot be named here (rename it). It wins over the column names and their ERP aliases. A wrong pair, or a header the file lacks, is a 400 on the field columns naming it. For multipart uploads only. */
                columns?: string;
                /** @description The operation, when not sent as a form field (multipart) or in the JSON body; sent in both, they must be the same */
                operation?: "business360" | "gst.verify" | "gst.returns" | "gst.by_pan" | "pan.verify" | "mca.company" | "mca.search" | "mca.cin_to_pan" | "mca.directors" | "mca.din" | "itc.check";
                /** @description For an .xlsx upload: the worksheet to read, by its tab name (hidden ones too); without it, the first visible worksheet with a header row. */
                sheet?: string;
            };
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    operation: string;
                    rows: unknown[];
                    webhook_url?: string;
                };
                "multipart/form-data": {
                    /** @description The CSV, or an Excel workbook (.xlsx, known by its bytes: see ?sheet= and docs/bulk.md 'Excel files'; a legacy .xls or a password-protected workbook is a 400 saying what to do): a header row naming the identifier columns (gstin, pan, cin, llpin, din, name, or an ERP's name for them such as GSTIN/UIN, GSTIN No., PAN/IT No.; see docs/bulk.md 'Column names'), or ?columns=; other columns are carried into the results. Separated by comma, semicolon, tab or | (found from the header line, or Excel's sep= line); UTF-8 with or without BOM, UTF-16 with a BOM (Excel's Unicode Text), or Windows-1252 (read so when the bytes are not UTF-8, with a job warning). When no header names an identifier column, the one column whose first 50 rows hold mostly valid identifiers is used, with a job warning. */
                    file: Blob;
                    /**
                     * @description A name for the job (default: the file name)
                     * @example vendors
                     */
                    name?: string;
                    /**
                     * @description The operation every row is verified with (or ?operation= in the query, not both unless the same); send it before the file
                     * @example gst.verify
                     * @enum {string}
                     */
                    operation?: "business360" | "gst.verify" | "gst.returns" | "gst.by_pan" | "pan.verify" | "mca.company" | "mca.search" | "mca.cin_to_pan" | "mca.directors" | "mca.din" | "itc.check";
                    /**
                     * Format: uri
                     * @description Where to POST the signed bulk.job.completed event
                     */
                    webhook_url?: string;
                };
            };
        };
        responses: {
            /** @description Accepted: the job is queued */
            202: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "bulk.create";
                        data: {
                            job_id: string;
                            /** @description Held for the job, in INR (paise precision) */
                            reserved_inr: number;
                            /** @description Row counts found at intake */
                            rows: {
                                /** @description Valid rows repeating an earlier row: verified and billed once, with it */
                                duplicates: number;
                                invalid: number;
                                /** @description Every data row: valid + invalid */
                                total: number;
                                /** @description Rows whose request validated, duplicates included */
                                valid: number;
                            };
                            status: string;
                        } & {
                            [key: string]: unknown;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            402: components["responses"]["CustomerPost_WalletInsufficientBalance"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            413: components["responses"]["CustomerPost_PayloadTooLarge"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ServiceUnavailable"];
        };
    };
    getBulkJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id from the upload answer */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "bulk.get";
                        data: components["schemas"]["BulkJob"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    cancelBulkJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The job id from the upload answer */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "bulk.cancel";
                        data: components["schemas"]["BulkJob"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            404: components["responses"]["CustomerPost_NotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ServiceUnavailable"];
        };
    };
    streamBulkJobEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id from the upload answer */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    listBulkJobResults: {
        parameters: {
            query?: {
                cursor?: string;
                field?: string;
                limit?: number;
                outcome?: "ok" | "not_found" | "failed" | "invalid" | "cancelled" | "duplicate";
                problems?: "true" | "false";
                q?: string;
                value?: string;
            };
            header?: never;
            path: {
                /** @description The job id from the upload answer */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "bulk.results.rows";
                        data: {
                            job_id: string;
                            /** @description The operation's key field (what field= filters and the breakdown counts) and its value that is no problem; null for an operation without one */
                            key_field: {
                                fine_value: string;
                                name: string;
                            } | null;
                            /** @description Pass as cursor for the next page; null on the last */
                            next_cursor: string | null;
                            /** @description Result rows in input order, each exactly as its line of results.jsonl */
                            rows: ({
                                charged_inr: number;
                                data: unknown;
                                /** @description Addition: set on a row repeating an earlier row, which it rode on (verified and billed once, with that row) */
                                duplicate_of?: number;
                                error: {
                                    code: string;
                                    message: string;
                                } | null;
                                input: {
                                    [key: string]: unknown;
                                };
                                row: number;
                                /** @enum {string} */
                                status: "ok" | "not_found" | "failed" | "invalid" | "cancelled";
                            } & {
                                [key: string]: unknown;
                            })[];
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["Customer_ValidationFailed"];
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            409: components["responses"]["Customer_ResultsNotReady"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    downloadBulkJobResultsCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id from the upload answer */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results (cells that could start a formula are escaped) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            409: components["responses"]["Customer_ResultsNotReady"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    downloadBulkJobResultsJsonl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id from the upload answer */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            409: components["responses"]["Customer_ResultsNotReady"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    downloadBulkJobResultsXlsx: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id from the upload answer */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results as a workbook */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            409: components["responses"]["Customer_ResultsNotReady"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    retryBulkJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The job id from the upload answer */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Accepted: the retry job is queued */
            202: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "bulk.retry";
                        data: {
                            job_id: string;
                            /** @description Held for the job, in INR (paise precision) */
                            reserved_inr: number;
                            retry_of: string;
                            /** @description Row counts found at intake */
                            rows: {
                                /** @description Valid rows repeating an earlier row: verified and billed once, with it */
                                duplicates: number;
                                invalid: number;
                                /** @description Every data row: valid + invalid */
                                total: number;
                                /** @description Rows whose request validated, duplicates included */
                                valid: number;
                            };
                            status: string;
                        } & {
                            [key: string]: unknown;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            402: components["responses"]["CustomerPost_WalletInsufficientBalance"];
            404: components["responses"]["CustomerPost_NotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgressOrRunInProgress"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ServiceUnavailable"];
        };
    };
    listBulkJobSuppliers: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The job id from the upload answer */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "bulk.suppliers";
                        data: {
                            job_id: string;
                            next_cursor: string | null;
                            suppliers: {
                                charged_inr: number;
                                /** @description ok, not_found, failed or cancelled */
                                check_status: string;
                                earliest_deadline: string | null;
                                error_message: string;
                                filing_frequency: string;
                                gst_status: string;
                                gstin: string;
                                invoices: number;
                                name: string;
                                /** @description 1 for the most tax at risk */
                                rank: number;
                                tax_at_risk_inr: number;
                                tax_inr: number;
                                taxpayer_type: string;
                                /** @description Invoices per verdict */
                                verdicts: {
                                    at_risk: number;
                                    blocked: number;
                                    eligible: number;
                                    reverse: number;
                                    unknown: number;
                                };
                                /** @description null when no invoice was judged (the checks were not delivered) */
                                worst_verdict: ("eligible" | "at_risk" | "reverse" | "blocked" | "unknown") | null;
                            }[];
                            /** @description The whole job's totals, the same on every page */
                            totals: {
                                charged_inr: number;
                                /** @description The earliest action date over every supplier (YYYY-MM-DD) */
                                earliest_deadline: string | null;
                                invoices: number;
                                suppliers: number;
                                /** @description Suppliers with tax at risk, or whose checks were not delivered */
                                suppliers_needing_action: number;
                                tax_at_risk_inr: number;
                                tax_inr: number;
                                /** @description Invoices per verdict */
                                verdicts: {
                                    at_risk: number;
                                    blocked: number;
                                    eligible: number;
                                    reverse: number;
                                    unknown: number;
                                };
                            };
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["Customer_ValidationFailed"];
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            409: components["responses"]["Customer_ResultsNotReady"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    downloadBulkJobSuppliersCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id from the upload answer */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The suppliers (cells that could start a formula are escaped) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            409: components["responses"]["Customer_ResultsNotReady"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    downloadBulkJobSuppliersXlsx: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id from the upload answer */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The suppliers as a workbook */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            409: components["responses"]["Customer_ResultsNotReady"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    listBulkJobWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The job id from the upload answer */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "bulk.webhook_deliveries";
                        data: {
                            /** @description Each delivery attempt: time, HTTP status or error, next retry */
                            attempts: {
                                [key: string]: unknown;
                            }[];
                            job_id: string;
                            webhook_url: string | null;
                        } & {
                            [key: string]: unknown;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    downloadBulkTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description {operation}.csv or {operation}.xlsx, e.g. gst.verify.xlsx */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The template as CSV (UTF-8 with a byte order mark, CRLF), or as a workbook for .xlsx */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    getBusiness360: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description CIN, 21 characters. Trimmed and upper-cased, it must match ^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$; any case and surrounding spaces are accepted, and the answer echoes the normalised form */
                    cin?: string;
                    /** @description GSTIN, 15 characters. Trimmed and upper-cased, it must match ^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$; any case and surrounding spaces are accepted, and the answer echoes the normalised form. Validated locally (state code, embedded PAN, mod-36 checksum) before any source is called */
                    gstin?: string;
                    include?: ("gst" | "gst_returns" | "pan" | "company" | "directors" | "cin_pan")[];
                    /** @description PAN, 10 characters. Trimmed and upper-cased, it must match ^[A-Z]{5}[0-9]{4}[A-Z]$; any case and surrounding spaces are accepted, and the answer echoes the normalised form. The 4th character encodes the holder type */
                    pan?: string;
                };
            };
        };
        responses: {
            /** @description The profile, in the envelope */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "business360";
                        data: components["schemas"]["Business360Profile"];
                        meta: components["schemas"]["Business360Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["Business360_ValidationFailed"];
            401: components["responses"]["Business360_AuthInvalidKey"];
            402: components["responses"]["Business360_WalletInsufficientBalance"];
            404: components["responses"]["Business360_RecordNotFound"];
            408: components["responses"]["Business360_RequestTimeout"];
            409: components["responses"]["Business360_IdempotencyInProgress"];
            413: components["responses"]["Business360_PayloadTooLarge"];
            422: components["responses"]["Business360_IdempotencyKeyReused"];
            429: components["responses"]["Business360_RateLimited"];
            431: components["responses"]["Business360_HeadersTooLarge"];
            500: components["responses"]["Business360_InternalError"];
            503: components["responses"]["Business360_ProviderUnavailableOrServiceUnavailable"];
            504: components["responses"]["Business360_ProviderTimeout"];
        };
    };
    listGstinsByPan: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description PAN, 10 characters. Trimmed and upper-cased, it must match ^[A-Z]{5}[0-9]{4}[A-Z]$; any case and surrounding spaces are accepted, and the answer echoes the normalised form. The 4th character encodes the holder type */
                    pan: string;
                };
            };
        };
        responses: {
            /** @description The record, in the envelope */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "gst.by_pan";
                        data: components["schemas"]["GstByPanResult"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            402: components["responses"]["CustomerPost_WalletInsufficientBalance"];
            404: components["responses"]["CustomerPost_RecordNotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            413: components["responses"]["CustomerPost_PayloadTooLarge"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ProviderUnavailableOrServiceUnavailable"];
            504: components["responses"]["CustomerPost_ProviderTimeout"];
        };
    };
    checkItc: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description GSTIN, 15 characters. Trimmed and upper-cased, it must match ^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$; any case and surrounding spaces are accepted, and the answer echoes the normalised form. Validated locally (state code, embedded PAN, mod-36 checksum) before any source is called */
                    gstin: string;
                    /** @description 1 to 100 invoices of the supplier; the same number twice in one financial year is a 400 naming both indexes (send each invoice once) */
                    invoices: {
                        /** @description The buyer's return period (YYYY-MM, e.g. 2024-07) in which the credit was taken; Rule 37A and the s.16(4) limit count from it; echoed in the answer */
                        availed_in?: string;
                        /** @description Invoice date written YYYY-MM-DD (e.g. 2024-07-10; other forms such as 10-07-2024 are refused); not in the future, not before 2017-07-01 */
                        date: string;
                        /** @description The invoice number as the supplier wrote it */
                        number: string;
                        /** @description The invoice's tax (IGST + CGST + SGST + cess), at most 2 decimals */
                        tax_inr?: number;
                    }[];
                };
            };
        };
        responses: {
            /** @description Each invoice with its verdict, reasons and deadlines, in the envelope */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "gst.itc_check";
                        data: components["schemas"]["ItcCheck"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            402: components["responses"]["CustomerPost_WalletInsufficientBalance"];
            404: components["responses"]["CustomerPost_RecordNotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            413: components["responses"]["CustomerPost_PayloadTooLarge"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ProviderUnavailableOrServiceUnavailable"];
            504: components["responses"]["CustomerPost_ProviderTimeout"];
        };
    };
    getGstReturns: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description GSTIN, 15 characters. Trimmed and upper-cased, it must match ^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$; any case and surrounding spaces are accepted, and the answer echoes the normalised form. Validated locally (state code, embedded PAN, mod-36 checksum) before any source is called */
                    gstin: string;
                    /** @default 12 */
                    periods?: number;
                };
            };
        };
        responses: {
            /** @description The record, in the envelope */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "gst.returns";
                        data: components["schemas"]["GstReturnsRecord"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            402: components["responses"]["CustomerPost_WalletInsufficientBalance"];
            404: components["responses"]["CustomerPost_RecordNotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            413: components["responses"]["CustomerPost_PayloadTooLarge"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ProviderUnavailableOrServiceUnavailable"];
            504: components["responses"]["CustomerPost_ProviderTimeout"];
        };
    };
    verifyGstin: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description GSTIN, 15 characters. Trimmed and upper-cased, it must match ^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$; any case and surrounding spaces are accepted, and the answer echoes the normalised form. Validated locally (state code, embedded PAN, mod-36 checksum) before any source is called */
                    gstin: string;
                };
            };
        };
        responses: {
            /** @description The record, in the envelope */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "gst.verify";
                        data: components["schemas"]["GstRecord"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            402: components["responses"]["CustomerPost_WalletInsufficientBalance"];
            404: components["responses"]["CustomerPost_RecordNotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            413: components["responses"]["CustomerPost_PayloadTooLarge"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ProviderUnavailableOrServiceUnavailable"];
            504: components["responses"]["CustomerPost_ProviderTimeout"];
        };
    };
    mapCinPan: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description CIN, 21 characters. Trimmed and upper-cased, it must match ^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$; any case and surrounding spaces are accepted, and the answer echoes the normalised form */
                    cin?: string;
                    /** @description PAN, 10 characters. Trimmed and upper-cased, it must match ^[A-Z]{5}[0-9]{4}[A-Z]$; any case and surrounding spaces are accepted, and the answer echoes the normalised form. The 4th character encodes the holder type */
                    pan?: string;
                };
            };
        };
        responses: {
            /** @description The record, in the envelope */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "mca.cin_to_pan";
                        data: components["schemas"]["CinPanMapping"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            402: components["responses"]["CustomerPost_WalletInsufficientBalance"];
            404: components["responses"]["CustomerPost_RecordNotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            413: components["responses"]["CustomerPost_PayloadTooLarge"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ProviderUnavailableOrServiceUnavailable"];
            504: components["responses"]["CustomerPost_ProviderTimeout"];
        };
    };
    getCompany: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description CIN, 21 characters. Trimmed and upper-cased, it must match ^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$; any case and surrounding spaces are accepted, and the answer echoes the normalised form */
                    cin?: string;
                    /** @description LLPIN, format AAA-1234. Trimmed and upper-cased, it must match ^[A-Z]{3}-[0-9]{4}$; any case and surrounding spaces are accepted, and the answer echoes the normalised form */
                    llpin?: string;
                };
            };
        };
        responses: {
            /** @description The record, in the envelope */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "mca.company";
                        data: components["schemas"]["CompanyRecord"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            402: components["responses"]["CustomerPost_WalletInsufficientBalance"];
            404: components["responses"]["CustomerPost_RecordNotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            413: components["responses"]["CustomerPost_PayloadTooLarge"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ProviderUnavailableOrServiceUnavailable"];
            504: components["responses"]["CustomerPost_ProviderTimeout"];
        };
    };
    lookupDin: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description DIN, 8 digits. Trimmed and upper-cased, it must match ^[0-9]{8}$; any case and surrounding spaces are accepted, and the answer echoes the normalised form */
                    din: string;
                };
            };
        };
        responses: {
            /** @description The record, in the envelope */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "mca.din";
                        data: components["schemas"]["DinRecord"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            402: components["responses"]["CustomerPost_WalletInsufficientBalance"];
            404: components["responses"]["CustomerPost_RecordNotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            413: components["responses"]["CustomerPost_PayloadTooLarge"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ProviderUnavailableOrServiceUnavailable"];
            504: components["responses"]["CustomerPost_ProviderTimeout"];
        };
    };
    listDirectors: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description CIN, 21 characters. Trimmed and upper-cased, it must match ^[LU][0-9]{5}[A-Z]{2}[0-9]{4}[A-Z]{3}[0-9]{6}$; any case and surrounding spaces are accepted, and the answer echoes the normalised form */
                    cin?: string;
                    /** @description LLPIN, format AAA-1234. Trimmed and upper-cased, it must match ^[A-Z]{3}-[0-9]{4}$; any case and surrounding spaces are accepted, and the answer echoes the normalised form */
                    llpin?: string;
                };
            };
        };
        responses: {
            /** @description The record, in the envelope */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "mca.directors";
                        data: components["schemas"]["DirectorsRecord"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            402: components["responses"]["CustomerPost_WalletInsufficientBalance"];
            404: components["responses"]["CustomerPost_RecordNotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            413: components["responses"]["CustomerPost_PayloadTooLarge"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ProviderUnavailableOrServiceUnavailable"];
            504: components["responses"]["CustomerPost_ProviderTimeout"];
        };
    };
    searchCompanies: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 5 */
                    limit?: number;
                    name: string;
                };
            };
        };
        responses: {
            /** @description The record, in the envelope */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "mca.search";
                        data: components["schemas"]["CompanySearchResult"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            402: components["responses"]["CustomerPost_WalletInsufficientBalance"];
            404: components["responses"]["CustomerPost_RecordNotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            413: components["responses"]["CustomerPost_PayloadTooLarge"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ProviderUnavailableOrServiceUnavailable"];
            504: components["responses"]["CustomerPost_ProviderTimeout"];
        };
    };
    verifyPan: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description PAN, 10 characters. Trimmed and upper-cased, it must match ^[A-Z]{5}[0-9]{4}[A-Z]$; any case and surrounding spaces are accepted, and the answer echoes the normalised form. The 4th character encodes the holder type */
                    pan: string;
                };
            };
        };
        responses: {
            /** @description The record, in the envelope */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "pan.verify";
                        data: components["schemas"]["PanVerification"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            402: components["responses"]["CustomerPost_WalletInsufficientBalance"];
            404: components["responses"]["CustomerPost_RecordNotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            413: components["responses"]["CustomerPost_PayloadTooLarge"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ProviderUnavailableOrServiceUnavailable"];
            504: components["responses"]["CustomerPost_ProviderTimeout"];
        };
    };
    listPortfolios: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "portfolios.list";
                        data: {
                            next_cursor: string | null;
                            portfolios: components["schemas"]["Portfolio"][];
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["Customer_ValidationFailed"];
            401: components["responses"]["Customer_AuthInvalidKey"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    createPortfolio: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    operation: "gst.verify" | "gst.returns" | "business360";
                    rows?: unknown[];
                    schedule: {
                        /** @enum {string} */
                        every: "daily" | "weekly" | "monthly";
                    } | {
                        cron: string;
                        tz?: string;
                    };
                    text?: string;
                    webhook_url?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "portfolios.create";
                        data: {
                            /** @description ISO 8601 time */
                            created_at: string;
                            /** @description Added, with text only: lines not added */
                            invalid?: number;
                            /** @description Added, with text only: the first 20 invalid lines */
                            invalid_rows?: ({
                                /** @description Added, for pasted text: the 1-based line of the text */
                                line?: number;
                                problems: {
                                    field: string;
                                    message: string;
                                }[];
                                /** @description A CSV upload's data row (1-based, the header not counted), a JSON row's position, or a pasted line */
                                row: number;
                            } & {
                                [key: string]: unknown;
                            })[];
                            last_run: {
                                /** @description As the run's job says */
                                cancelling: boolean;
                                /** @description ISO 8601 time */
                                created_at: string;
                                finished_at: string | null;
                                run_id: string;
                                status: string;
                            } | null;
                            name: string;
                            next_run_at: string | null;
                            /** @enum {string} */
                            operation: "gst.verify" | "gst.returns" | "business360";
                            portfolio_id: string;
                            /** @description Added, with text only: lines whose identifier a later line had (the later one is kept) */
                            repeated?: number;
                            /** @description Rows in the portfolio */
                            rows: number;
                            schedule: {
                                cron: string;
                                every: ("daily" | "weekly" | "monthly") | null;
                                tz: string;
                            };
                            /** @description Scheduled runs that could not start, newest first (at most 10) */
                            skipped_runs: {
                                /** @description ISO 8601 time */
                                at: string;
                                /** @description The error code that stopped it */
                                code: string;
                                message: string;
                            }[];
                            webhook_url: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            413: components["responses"]["CustomerPost_PayloadTooLarge"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ServiceUnavailable"];
        };
    };
    getPortfolio: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "portfolios.get";
                        data: components["schemas"]["Portfolio"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    deletePortfolio: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "portfolios.delete";
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                            portfolio_id: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    listPortfolioRows: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The portfolio id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "portfolios.rows.list";
                        data: {
                            /** @description Send as cursor for the next page; null on the last page */
                            next_cursor: string | null;
                            portfolio_id: string;
                            rows: {
                                columns: {
                                    [key: string]: string;
                                };
                                identifier: string;
                                /** @description Added: the supplier's code found among the row's columns (vendor_code, Vendor Code, Supplier Code, Party Code, ...); null when none */
                                vendor_code: string | null;
                                /** @description Added: the supplier's name found among the row's columns (vendor_name, Vendor Name, Supplier Name, Party Name, name, ...); null when none */
                                vendor_name: string | null;
                            }[];
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["Customer_ValidationFailed"];
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    addPortfolioRows: {
        parameters: {
            query?: {
                /** @description Added (issue 28): which of the file's columns hold what the operation reads, when its header names them otherwise: column:Header pairs separated by commas (or the parameter repeated), e.g. columns=gstin:Vendor Tax ID,pan:IT Ref. column is one the operation reads (gstin, pan, cin, llpin, din, name, periods, include); Header is matched in any case, then with spaces and punctuation ignored; a header name containing a comma cannot be named here (rename it). It wins over the column names and their ERP aliases. A wrong pair, or a header the file lacks, is a 400 on the field columns naming it. For a CSV upload (multipart) only. */
                columns?: string;
                /** @description For an .xlsx upload: the worksheet to read, by its tab name (hidden ones too); without it, the first visible worksheet with a header row. */
                sheet?: string;
            };
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The portfolio id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    rows?: unknown[];
                    text?: string;
                };
                "multipart/form-data": {
                    /** @description The CSV or Excel workbook (.xlsx), with the columns of the portfolio's operation */
                    file: Blob;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "portfolios.rows.add";
                        data: {
                            added: number;
                            invalid: number;
                            invalid_rows: ({
                                /** @description Added, for pasted text: the 1-based line of the text */
                                line?: number;
                                problems: {
                                    field: string;
                                    message: string;
                                }[];
                                /** @description A CSV upload's data row (1-based, the header not counted), a JSON row's position, or a pasted line */
                                row: number;
                            } & {
                                [key: string]: unknown;
                            })[];
                            portfolio_id: string;
                            /** @description Rows whose identifier a later row of this upload had: the later one is kept */
                            repeated: number;
                            replaced: number;
                            rows: number;
                            /** @description Addition (issue 28): what the upload was read as, as a bulk job's warnings (a Windows-1252 file, a guessed column); [] when nothing */
                            warnings: {
                                code: string;
                                message: string;
                            }[];
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            404: components["responses"]["CustomerPost_NotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            413: components["responses"]["CustomerPost_PayloadTooLarge"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ServiceUnavailable"];
        };
    };
    removePortfolioRow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio id */
                id: string;
                /** @description The GSTIN (or other identifier) of the row */
                identifier: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "portfolios.rows.delete";
                        data: {
                            portfolio_id: string;
                            removed: string;
                            rows: number;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    runPortfolio: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path: {
                /** @description The portfolio id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "portfolios.run";
                        data: {
                            job: components["schemas"]["BulkJob"] | null;
                            run_id: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            402: components["responses"]["CustomerPost_WalletInsufficientBalance"];
            404: components["responses"]["CustomerPost_NotFound"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgressOrRunInProgress"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ServiceUnavailable"];
        };
    };
    listPortfolioRuns: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The portfolio id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "portfolios.runs";
                        data: {
                            /** @description Send as cursor for the next (older) page; null on the last page */
                            next_cursor: string | null;
                            portfolio_id: string;
                            runs: components["schemas"]["PortfolioRun"][];
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["Customer_ValidationFailed"];
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    downloadPortfolioRunChangesCsv: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio id */
                id: string;
                /** @description A run id from the runs list */
                run: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes, one per line, with the columns identifier, vendor_name, vendor_code, check, field, description, before, after, severity, detected_at (vendor_name, vendor_code and description were added: read columns by header name) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            409: components["responses"]["Customer_ResultsNotReady"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    getPortfolioRunChanges: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio id */
                id: string;
                /** @description A run id from the runs list */
                run: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes, a JSON array (not the envelope): per identifier (with the supplier's vendor_name and vendor_code, added), check and field with its plain-language description (added), before, after and severity */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PortfolioChange"][];
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            409: components["responses"]["Customer_ResultsNotReady"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    downloadPortfolioRunChangesXlsx: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio id */
                id: string;
                /** @description A run id from the runs list */
                run: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The changes as a workbook */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": string;
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            409: components["responses"]["Customer_ResultsNotReady"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    listPortfolioRunWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio id */
                id: string;
                /** @description A run id from the runs list */
                run: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "portfolios.webhook_deliveries";
                        data: {
                            /** @description Each delivery attempt: time, HTTP status or error, next retry */
                            attempts: {
                                [key: string]: unknown;
                            }[];
                            run_id: string;
                            webhook_url: string | null;
                        } & {
                            [key: string]: unknown;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            404: components["responses"]["Customer_NotFound"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    getWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "wallet.get";
                        data: components["schemas"]["Wallet"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    listLedgerEntries: {
        parameters: {
            query?: {
                cursor?: string;
                /** @description 'job': each bulk job or portfolio run as one line with its row count, its per-row entries folded in; 'entry' (the default): every entry as it is */
                group?: "job" | "entry";
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "wallet.ledger";
                        data: components["schemas"]["LedgerPage"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["Customer_ValidationFailed"];
            401: components["responses"]["Customer_AuthInvalidKey"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    downloadLedgerCsv: {
        parameters: {
            query?: {
                /** @description 'job': each bulk job or portfolio run as one line with its row count, its per-row entries folded in; 'entry' (the default): every entry as it is */
                group?: "job" | "entry";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The ledger (cells that could start a formula are escaped) */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["Customer_ValidationFailed"];
            401: components["responses"]["Customer_AuthInvalidKey"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    topUpSandboxWallet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    amount_inr?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "wallet.sandbox_topup";
                        data: components["schemas"]["SandboxTopup"];
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            400: components["responses"]["CustomerPost_ValidationFailed"];
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ServiceUnavailable"];
        };
    };
    getWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "webhooks.secret";
                        data: {
                            secret: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            401: components["responses"]["Customer_AuthInvalidKey"];
            408: components["responses"]["Customer_RequestTimeout"];
            429: components["responses"]["Customer_RateLimited"];
            431: components["responses"]["Customer_HeadersTooLarge"];
            500: components["responses"]["Customer_InternalError"];
            503: components["responses"]["Customer_ServiceUnavailable"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional. The same key with the same body within 24 hours returns the first answer (with Idempotent-Replayed: true) and is never billed twice */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    "Idempotent-Replayed": components["headers"]["IdempotentReplayed"];
                    "RateLimit-Limit": components["headers"]["RateLimitLimit"];
                    "RateLimit-Remaining": components["headers"]["RateLimitRemaining"];
                    "RateLimit-Reset": components["headers"]["RateLimitReset"];
                    "X-Request-Id": components["headers"]["XRequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Operation identifier
                         * @enum {string}
                         */
                        api: "webhooks.secret.rotate";
                        data: {
                            secret: string;
                        };
                        meta: components["schemas"]["Meta"];
                        /** @description Unique per request; also in the X-Request-Id header */
                        request_id: string;
                        /** @enum {boolean} */
                        success: true;
                        /**
                         * @description API version
                         * @enum {string}
                         */
                        version: "2026-10-01";
                    };
                };
            };
            401: components["responses"]["CustomerPost_AuthInvalidKey"];
            408: components["responses"]["CustomerPost_RequestTimeout"];
            409: components["responses"]["CustomerPost_IdempotencyInProgress"];
            422: components["responses"]["CustomerPost_IdempotencyKeyReused"];
            429: components["responses"]["CustomerPost_RateLimited"];
            431: components["responses"]["CustomerPost_HeadersTooLarge"];
            500: components["responses"]["CustomerPost_InternalError"];
            503: components["responses"]["CustomerPost_ServiceUnavailable"];
        };
    };
}
