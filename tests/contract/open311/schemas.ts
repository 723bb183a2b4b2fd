/**
 * The GeoReport v2 answers as JSON Schemas (draft-07), written from the GeoReport v2 specification
 * (open311.org/GeoReport_v2) and the published schemas of open311/schema-validation: the same
 * required fields, types, enumerations and limits, so that an answer these refuse is one an outside
 * client would refuse.
 */
const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
const dateTime = { type: 'string', format: 'date-time' };

export const service = {
  type: 'object',
  required: ['service_code', 'service_name', 'metadata', 'type'],
  properties: {
    service_code: { type: 'string', minLength: 1 },
    service_name: { type: 'string', minLength: 1 },
    description: nullable({ type: 'string' }),
    metadata: { type: 'boolean' },
    type: { type: 'string', enum: ['realtime', 'batch', 'blackbox'] },
    keywords: nullable({ type: 'string' }),
    group: nullable({ type: 'string' }),
  },
};
export const services = { type: 'array', items: service };

export const serviceDefinition = {
  type: 'object',
  required: ['service_code', 'attributes'],
  properties: {
    service_code: { type: 'string' },
    attributes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['variable', 'code', 'datatype', 'required', 'order', 'description'],
        properties: {
          variable: { type: 'boolean' },
          code: { type: 'string' },
          datatype: { type: 'string', enum: ['string', 'number', 'datetime', 'text', 'singlevaluelist', 'multivaluelist'] },
          required: { type: 'boolean' },
          datatype_description: nullable({ type: 'string' }),
          order: { type: 'integer', minimum: 1 },
          description: { type: 'string' },
          values: { type: 'array', items: { type: 'object', required: ['key', 'name'], properties: { key: { type: ['string', 'number'] }, name: { type: 'string' } } } },
        },
      },
    },
  },
};

export const request = {
  type: 'object',
  required: ['service_request_id', 'status', 'service_code', 'requested_datetime'],
  properties: {
    service_request_id: { type: 'string' },
    status: { type: 'string', enum: ['open', 'closed'] },
    status_notes: nullable({ type: 'string' }),
    service_name: nullable({ type: 'string' }),
    service_code: { type: 'string' },
    description: nullable({ type: 'string', maxLength: 4000 }),
    agency_responsible: nullable({ type: 'string' }),
    service_notice: nullable({ type: 'string' }),
    requested_datetime: dateTime,
    updated_datetime: nullable(dateTime),
    expected_datetime: nullable(dateTime),
    address: nullable({ type: 'string' }),
    address_id: nullable({ type: 'string' }),
    zipcode: nullable({ type: 'string' }),
    lat: nullable({ type: 'number' }),
    long: nullable({ type: 'number' }),
    media_url: nullable({ type: 'string', format: 'uri' }),
  },
};
export const requests = { type: 'array', items: request };

/** The answer of POST requests. */
export const created = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    anyOf: [{ required: ['service_request_id'] }, { required: ['token'] }],
    properties: {
      service_request_id: { type: 'string' },
      token: { type: 'string' },
      service_notice: nullable({ type: 'string' }),
      account_id: nullable({ type: 'string' }),
    },
  },
};

export const errors = {
  type: 'array',
  minItems: 1,
  items: { type: 'object', required: ['code', 'description'], properties: { code: { type: 'integer' }, description: { type: 'string', minLength: 1 } } },
};

export const discovery = {
  type: 'object',
  required: ['changeset', 'contact', 'endpoints'],
  properties: {
    changeset: dateTime,
    contact: { type: 'string' },
    key_service: { type: 'string' },
    endpoints: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['specification', 'url', 'changeset', 'type', 'formats'],
        properties: {
          specification: { type: 'string' },
          url: { type: 'string', format: 'uri' },
          changeset: dateTime,
          type: { type: 'string', enum: ['production', 'test'] },
          formats: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
};
