import Type from 'typebox'
import { CiteQuery } from '../citations'
import type { Endpoint } from '../endpoint'
import { FileParams, FilePreviewResponse, UploadQuotaResponse } from '../files'
import { IpfsUploadResponse, PostDetailResponse, PostIdParams } from '../posts'
import { PostVersionsResponse } from '../versions'

/** Stored files and what a post is made of besides its text: its versions, its CAR and its citation. */
export const FILES_API = {
  'GET /files/:cid': {
    tags: ['files'],
    summary: 'A stored file by its IPFS CID (Range requests supported)',
    params: FileParams,
    query: Type.Object({
      name: Type.Optional(Type.String({ maxLength: 200 })),
      download: Type.Optional(Type.String({ maxLength: 5 })),
    }),
    answer: { bytes: ['application/octet-stream'], description: 'The file' },
    errors: [404],
  },
  'GET /files/:cid/preview': {
    tags: ['files'],
    summary: 'A DOCX document converted to sanitised HTML',
    params: FileParams,
    answer: FilePreviewResponse,
    errors: [404, 413, 415],
  },
  'GET /files/:cid/thumbnail': {
    tags: ['files'],
    summary: "A document's first page as a small WebP picture (drawn by its post's analysis)",
    params: FileParams,
    answer: { bytes: ['image/webp'], description: 'The picture' },
    errors: [404],
  },
  'GET /media/upload/quota': {
    tags: ['files'],
    summary: "The signed-in user's storage used, their quota, upload rate and a new account's posting limit",
    answer: UploadQuotaResponse,
    errors: [401],
  },
  'POST /media/upload/ipfs': {
    tags: ['files'],
    summary: 'Store one file and get its IPFS CID (kept even when no post uses it)',
    bodyAs: 'multipart',
    answer: IpfsUploadResponse,
    errors: [400, 401, 413, 415, 429],
  },
  'POST /media/:id/versions': {
    tags: ['posts'],
    summary: "Publish a new version of one's own post's files, with a one-line changelog",
    description:
      "multipart/form-data: new files under `file` or `files` (the upload's rules: ≤ 50 MB each, the same types, at most 5 in the version); `changelog` (required, one line, ≤ 200 characters); `keep`, names of current files to carry over (the field repeated, or names separated by commas). A new file named like a current file that is not kept replaces it. Answers the post showing its new version.",
    bodyAs: 'multipart',
    params: PostIdParams,
    status: 201,
    answer: PostDetailResponse,
    errors: [400, 401, 403, 404, 409, 413, 415, 429],
  },
  'GET /media/:id/versions': {
    tags: ['posts'],
    summary: "A post's versions, oldest first, each with its changelog, manifest CID and files",
    params: PostIdParams,
    answer: PostVersionsResponse,
    errors: [404, 410],
  },
  'GET /media/:id/car': {
    tags: ['posts'],
    summary: "A post as a CAR: its current version's files and metadata.json in one UnixFS directory",
    description:
      "application/vnd.ipld.car (v1, depth first). The root is a directory holding the files under their names and `metadata.json` (title, authors, licence, DOI, version, dates, each file's name, CID, size and type, the anchored comments the viewer may see). A private or moderated post: its author only (404 to others).",
    params: PostIdParams,
    answer: { bytes: ['application/vnd.ipld.car'], description: 'The CAR' },
    errors: [404],
  },
  'GET /media/:id/cite': {
    tags: ['posts'],
    summary: 'Cite a post: BibTeX, RIS, CSL-JSON or an APA reference (text)',
    params: PostIdParams,
    query: CiteQuery,
    answer: {
      bytes: [
        'application/x-bibtex',
        'application/x-research-info-systems',
        'application/vnd.citationstyles.csl+json',
        'text/plain',
      ],
      description: 'The citation in the format asked for',
    },
    errors: [400, 404, 410],
  },
} as const satisfies Record<string, Endpoint>
