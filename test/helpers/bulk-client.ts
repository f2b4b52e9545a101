import type { FastifyInstance, InjectOptions } from 'fastify';

/** The job status body of GET /v1/bulk/jobs/{id}, as the tests read it. */
export interface JobStatus {
  job_id: string;
  status: string;
  finished_at: string | null;
  rows: Record<string, number>;
  reserved_inr: number;
  charged_inr: number;
  released_inr: number;
  results: { csv: string; jsonl: string; xlsx: string } | null;
}

/** A multipart upload as a browser or curl -F sends it: form fields first, then the file. */
export function multipartUpload(key: string, fields: Record<string, string>, file: { name: string; csv: string }, url = '/v1/bulk/jobs'): InjectOptions {
  return fileUpload(key, fields, { name: file.name, bytes: Buffer.from(file.csv, 'utf8'), type: 'text/csv' }, url);
}

/** The same with the file's bytes as they are (a workbook, a Windows-1252 or UTF-16 CSV). */
export function fileUpload(key: string, fields: Record<string, string>, file: { name: string; bytes: Buffer; type: string }, url = '/v1/bulk/jobs'): InjectOptions {
  const boundary = '----bvtestboundary';
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`;
  return {
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([Buffer.from(head, 'utf8'), file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8')]),
  };
}

export async function jobStatus(app: FastifyInstance, key: string, jobId: string): Promise<JobStatus> {
  return (await app.inject({ method: 'GET', url: `/v1/bulk/jobs/${jobId}`, headers: { authorization: `Bearer ${key}` } })).json().data as JobStatus;
}

/** Polls a job until `done` holds (by default: it finished), for at most `timeoutMs`. */
export async function waitForJob(
  app: FastifyInstance,
  key: string,
  jobId: string,
  done: (status: JobStatus) => boolean = (s) => s.finished_at !== null || s.status === 'failed',
  timeoutMs = 120_000,
): Promise<JobStatus> {
  const deadline = Date.now() + timeoutMs;
  let status = await jobStatus(app, key, jobId);
  while (!done(status) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    status = await jobStatus(app, key, jobId);
  }
  return status;
}
