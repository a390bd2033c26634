/** The AI SDK models for the provider settings: the chat model every engine writes with, and the embedding model. */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createAzure } from '@ai-sdk/azure';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModel, LanguageModel } from 'ai';
import type { EmbeddingSettings, ProviderSettings } from './settings.ts';

/** The AI SDK model for the settings; AI_BASE_URL overrides each provider's default address. */
export function providerModel(settings: ProviderSettings): LanguageModel {
  const { provider, model, baseUrl, apiKey } = settings;
  switch (provider) {
    case 'openai':
      // Chat Completions: the protocol OpenAI and every OpenAI-style gateway speak.
      return createOpenAI({ apiKey, baseURL: baseUrl }).chat(model);
    case 'azure':
      // AI_BASE_URL is the resource's endpoint (https://{resource}.openai.azure.com/openai); AI_MODEL the deployment.
      return createAzure({ apiKey, baseURL: baseUrl }).chat(model);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL: baseUrl }).languageModel(model);
    case 'openai-compatible':
      // Structured output (the writing assistant) asks for response_format json_schema, which current
      // OpenAI-style servers (Ollama, vLLM, llama.cpp, LM Studio, LiteLLM) accept; plain text is unchanged.
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: baseUrl ?? '',
        apiKey,
        includeUsage: true,
        supportsStructuredOutputs: true,
      }).chatModel(model);
  }
}

/** The AI SDK embedding model for the settings. */
export function embeddingModel(settings: EmbeddingSettings): EmbeddingModel {
  const { provider, model, baseUrl, apiKey } = settings;
  switch (provider) {
    case 'openai':
      return createOpenAI({ apiKey, baseURL: baseUrl }).embedding(model);
    case 'azure':
      return createAzure({ apiKey, baseURL: baseUrl }).embedding(model);
    case 'openai-compatible':
      return createOpenAICompatible({ name: 'openai-compatible', baseURL: baseUrl ?? '', apiKey }).embeddingModel(model);
  }
}
