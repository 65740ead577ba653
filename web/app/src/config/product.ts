/** The product's name as shown in the logo and the document title. */
export const PRODUCT_NAME = 'social'
